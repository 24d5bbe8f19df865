import { packagesMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';

/** Average rating (one decimal) and review count; nothing until there is a review. */
export function PackageRating({ rating }: { rating: Package['rating'] }) {
  if (rating.count <= 0) return null;
  const average = rating.average.toFixed(1);
  return (
    <p className="flex items-center gap-1 text-stone-700">
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span aria-hidden="true">
        {average} ({rating.count})
      </span>
      <span className="sr-only">{packagesMessages.ratedFrom(average, rating.count)}</span>
    </p>
  );
}
