import { reviewsMessages } from '@sherehe/shared/messages';
import { formatAverage, RATING_MAX } from '@sherehe/shared/schemas/reviews';
import { StarRating } from './star-rating';

/** '★★★★☆ 4.5 out of 5 · 2 reviews': the average with one decimal and the count (docs/product-spec.md#pages). */
export function RatingSummary({ average, count }: { average: number; count: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-800">
      <StarRating rating={average} />
      <span className="font-semibold">
        <span data-testid="rating-average">{formatAverage(average)}</span>
        {reviewsMessages.outOf(RATING_MAX)}
      </span>
      <span aria-hidden="true">·</span>
      <span data-testid="rating-count">{reviewsMessages.count(count)}</span>
    </p>
  );
}
