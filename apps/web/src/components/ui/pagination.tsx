import { controlsMessages, packagesMessages } from '@sherehe/shared/messages';
import { Link } from 'react-router';
import { cx } from '@/lib/class-names';

interface PaginationProps {
  page: number;
  pages: number;
  /** The link to a page: pages live in the URL, so Back and shared links work. */
  hrefFor: (page: number) => string;
  /** Called on a click (e.g. to scroll the list into view). */
  onNavigate?: () => void;
  className?: string;
}

/** The page numbers to show: all of a few, else the first, the last and the current one's neighbours. */
export function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push(n - previous === 2 ? n - 1 : 'gap');
    result.push(n);
  }
  return result;
}

const item = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl px-3 font-semibold';
const idle = 'border border-stone-300 bg-white text-stone-800 hover:border-brand-600 hover:text-brand-700';

/** Prev, numbered pages and Next, with 'Page X of Y' (docs/product-spec.md#pages). */
export function Pagination({ page, pages, hrefFor, onNavigate, className }: PaginationProps) {
  if (pages <= 1) {
    return <p className={cx('text-center text-stone-600', className)}>{packagesMessages.pageOf(1, 1)}</p>;
  }
  const step = (target: number, label: string, rel: 'prev' | 'next') =>
    target < 1 || target > pages ? (
      <span aria-disabled="true" className={cx(item, 'border border-stone-200 text-stone-500')}>
        {label}
      </span>
    ) : (
      <Link to={hrefFor(target)} rel={rel} onClick={onNavigate} className={cx(item, idle)}>
        {label}
      </Link>
    );
  return (
    <nav
      aria-label={controlsMessages.pagination}
      className={cx('flex flex-col items-center gap-3', className)}
    >
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>{step(page - 1, controlsMessages.previous, 'prev')}</li>
        {pageWindow(page, pages).map((n, index) =>
          n === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                onClick={onNavigate}
                aria-current={n === page ? 'page' : undefined}
                aria-label={controlsMessages.page(n)}
                className={cx(item, n === page ? 'bg-brand-600 text-white' : idle)}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>{step(page + 1, controlsMessages.next, 'next')}</li>
      </ul>
      <p className="text-stone-700">{packagesMessages.pageOf(page, pages)}</p>
    </nav>
  );
}
