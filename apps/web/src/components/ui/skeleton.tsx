import { layoutMessages } from '@sherehe/shared/messages';
import { cx } from '@/lib/class-names';

export type SkeletonLayout = 'card' | 'list' | 'table' | 'form';

interface SkeletonProps {
  /** The shape of what is loading (docs/product-spec.md#data-lists: card, list, table, form). */
  layout?: SkeletonLayout;
  /** Text lines per card, rows of a list or table, fields of a form. */
  lines?: number;
  /** How many cards (card layout only). */
  count?: number;
  /** Read by screen readers instead of the grey blocks. */
  label?: string;
  className?: string;
}

const bar = 'animate-pulse rounded-md bg-stone-200';

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}

function Lines({ lines }: { lines: number }) {
  return (
    <div className="space-y-2">
      {range(lines).map((line) => (
        <div key={line} className={cx(bar, 'h-4', line === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}

function Shape({ layout, lines, count }: { layout: SkeletonLayout; lines: number; count: number }) {
  switch (layout) {
    case 'card':
      return range(count).map((card) => (
        <div key={card} className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
          <div className={cx(bar, 'aspect-[3/2] rounded-none')} />
          <div className="space-y-3 p-5">
            <div className={cx(bar, 'h-6 w-3/4')} />
            <Lines lines={lines} />
          </div>
        </div>
      ));
    case 'table':
      return (
        <div className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4">
          <div className={cx(bar, 'h-5 w-full bg-stone-300')} />
          {range(lines).map((row) => (
            <div key={row} className={cx(bar, 'h-5 w-full')} />
          ))}
        </div>
      );
    case 'form':
      return (
        <div className="space-y-5">
          {range(lines).map((field) => (
            <div key={field} className="space-y-2">
              <div className={cx(bar, 'h-4 w-1/3')} />
              <div className={cx(bar, 'h-11 w-full')} />
            </div>
          ))}
          <div className={cx(bar, 'h-11 w-40')} />
        </div>
      );
    default:
      return (
        <div className="space-y-4">
          {range(lines).map((item) => (
            <div key={item} className="flex items-center gap-4">
              <div className={cx(bar, 'size-10 shrink-0 rounded-full')} />
              <div className="flex-1">
                <Lines lines={2} />
              </div>
            </div>
          ))}
        </div>
      );
  }
}

/** Grey placeholder blocks in the shape of the content on its way (skeletons, not spinners). */
export function Skeleton({
  layout = 'list',
  lines = 3,
  count = 1,
  label = layoutMessages.loading,
  className,
}: SkeletonProps) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      <Shape layout={layout} lines={lines} count={count} />
    </div>
  );
}
