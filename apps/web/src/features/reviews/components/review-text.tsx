import { formatDate } from '@sherehe/shared/dates';
import type { Review } from '@sherehe/shared/schemas/reviews';
import { StarRating } from './star-rating';

/** What every shown review starts with: its stars, its date and the comment, if any. */
export function ReviewText({ review }: { review: Pick<Review, 'rating' | 'createdAt' | 'comment'> }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} />
        <time dateTime={review.createdAt} className="text-sm text-stone-600">
          {formatDate(review.createdAt)}
        </time>
      </div>
      {review.comment ? (
        <p className="mt-2 whitespace-pre-line break-words text-stone-800">{review.comment}</p>
      ) : null}
    </>
  );
}
