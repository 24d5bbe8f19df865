import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';

/** The wordmark; always a link to `/` (docs/product-spec.md#shared-chrome). */
export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <Link
      to={paths.home.getHref()}
      className={cx(
        'inline-flex min-h-11 items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight',
        inverse ? 'text-white' : 'text-stone-900',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8" width="32" height="32">
        <rect width="64" height="64" rx="14" fill="#c2410c" />
        <path
          d="M32 12l4.7 11.8L49 25l-9.4 8.1L42.5 46 32 39.2 21.5 46l2.9-12.9L15 25l12.3-1.2z"
          fill="#fff"
        />
      </svg>
      Sherehe
    </Link>
  );
}
