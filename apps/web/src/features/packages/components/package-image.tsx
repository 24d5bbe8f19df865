import { packagesMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import { cx } from '@/lib/class-names';

/** Stored sizes (server: storage/images.ts): thumbnails 480 px wide, full images up to 1600 px. */
const THUMB_WIDTH = 480;
const FULL_WIDTH = 1600;

interface PackageImageProps {
  pkg: Pick<Package, 'title' | 'image' | 'imageThumb'>;
  /** Layout width hint for the browser's choice in srcset. */
  sizes?: string;
  eager?: boolean;
  /** 'full' starts from the large image (a package's own page); cards start from the thumbnail. */
  size?: 'thumb' | 'full';
  className?: string;
}

/** The package photo, or generated artwork in its place until the planner uploads one. */
export function PackageImage({
  pkg,
  sizes = '(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw',
  eager = false,
  size = 'thumb',
  className,
}: PackageImageProps) {
  const src = size === 'full' ? (pkg.image ?? pkg.imageThumb) : (pkg.imageThumb ?? pkg.image);
  const width = size === 'full' ? FULL_WIDTH : THUMB_WIDTH;
  if (!src) {
    return (
      <div
        role="img"
        aria-label={packagesMessages.noPhoto}
        className={cx(
          'flex aspect-[3/2] items-center justify-center bg-gradient-to-br from-brand-200 via-amber-100 to-rose-200',
          className,
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 64 64" className="size-12 text-brand-700/60" fill="currentColor">
          <path d="M32 12l4.7 11.8L49 25l-9.4 8.1L42.5 46 32 39.2 21.5 46l2.9-12.9L15 25l12.3-1.2z" />
        </svg>
      </div>
    );
  }
  const srcSet =
    pkg.imageThumb && pkg.image
      ? `${pkg.imageThumb} ${THUMB_WIDTH}w, ${pkg.image} ${FULL_WIDTH}w`
      : undefined;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={Math.round((width * 2) / 3)}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      alt={pkg.title}
      className={cx('aspect-[3/2] w-full bg-stone-100 object-cover', className)}
    />
  );
}
