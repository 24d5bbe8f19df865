import { packagesMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Average rating as stars (to the nearest whole star) and with one decimal, and the review count;
 * read out as one sentence ('Rated 4.5 out of 5 from 12 reviews'). Nothing until there is a review.
 */
export function PackageRating({ rating }: { rating: Package['rating'] }) {
  if (rating.count <= 0) return null;
  const average = rating.average.toFixed(1);
  const filled = Math.round(rating.average);
  return (
    <p className="flex items-center gap-1.5 text-stone-700">
      <span aria-hidden="true" className="leading-none">
        {STARS.map((star) => (
          <span key={star} className={star <= filled ? 'text-amber-600' : 'text-stone-400'}>
            ★
          </span>
        ))}
      </span>
      <span aria-hidden="true" className="font-semibold">
        {average}
      </span>
      <span aria-hidden="true">·</span>
      <span aria-hidden="true">{packagesMessages.reviewCount(rating.count)}</span>
      <span className="sr-only">{packagesMessages.ratedFrom(average, rating.count)}</span>
    </p>
  );
}
