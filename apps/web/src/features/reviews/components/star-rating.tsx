import { reviewsMessages } from '@sherehe/shared/messages';
import { RATING_MAX } from '@sherehe/shared/schemas/reviews';
import { cx } from '@/lib/class-names';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/** A rating shown as stars out of 5, read out as 'Rated n out of 5'. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={reviewsMessages.rated(rating, RATING_MAX)}
      className={cx('inline-flex items-center text-lg leading-none', className)}
    >
      {STARS.map((star) => (
        <span key={star} className={star <= rounded ? 'text-amber-600' : 'text-stone-300'}>
          ★
        </span>
      ))}
    </span>
  );
}
