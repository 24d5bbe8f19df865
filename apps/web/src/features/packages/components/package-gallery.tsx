import { packagePhotosMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import { useState } from 'react';
import { cx } from '@/lib/class-names';
import { PackageImage } from './package-image';

/** Stored sizes (server: storage/images.ts): thumbnails 480 px, package photos up to 2,048 px. */
const THUMB_WIDTH = 480;
const FULL_WIDTH = 2048;

interface PackageGalleryProps {
  pkg: Package;
  sizes: string;
  className?: string;
}

/**
 * A package's photos on its page: the chosen one big (the cover first), the others as buttons
 * below that show theirs in its place. One photo, or none, is shown as it always was.
 */
export function PackageGallery({ pkg, sizes, className }: PackageGalleryProps) {
  const images = pkg.images ?? [];
  const [shown, setShown] = useState(0);
  if (images.length < 2)
    return <PackageImage pkg={pkg} size="full" eager sizes={sizes} className={className} />;
  const current = images[Math.min(shown, images.length - 1)] ?? images[0]!;
  const total = images.length;
  return (
    <section aria-label={packagePhotosMessages.gallery} className={className}>
      <img
        key={current._id}
        src={current.url}
        srcSet={
          current.thumbnailUrl
            ? `${current.thumbnailUrl} ${THUMB_WIDTH}w, ${current.url} ${FULL_WIDTH}w`
            : undefined
        }
        sizes={current.thumbnailUrl ? sizes : undefined}
        width={FULL_WIDTH}
        height={Math.round((FULL_WIDTH * 2) / 3)}
        loading="eager"
        fetchPriority={shown === 0 ? 'high' : undefined}
        decoding="async"
        alt={packagePhotosMessages.bigPhotoAlt(pkg.title, shown + 1, total)}
        data-testid="gallery-main"
        className="aspect-[3/2] w-full rounded-2xl bg-stone-100 object-cover"
      />
      <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-8">
        {images.map((image, index) => (
          <li key={image._id}>
            <button
              type="button"
              onClick={() => setShown(index)}
              aria-label={packagePhotosMessages.showPhoto(index + 1, total)}
              aria-pressed={index === shown}
              className={cx(
                'block w-full overflow-hidden rounded-lg border-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                index === shown ? 'border-brand-700' : 'border-transparent',
              )}
            >
              <img
                src={image.thumbnailUrl ?? image.url}
                alt=""
                width={120}
                height={80}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full bg-stone-100 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
