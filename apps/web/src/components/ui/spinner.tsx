import { layoutMessages } from '@sherehe/shared/messages';
import { cx } from '@/lib/class-names';

/** For waits of unknown shape; prefer a Skeleton where the layout is known. */
export function Spinner({
  label = layoutMessages.loading,
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className={cx('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
