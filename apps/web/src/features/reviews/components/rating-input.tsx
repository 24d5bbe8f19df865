import { reviewsMessages } from '@sherehe/shared/messages';
import { RATING_MAX } from '@sherehe/shared/schemas/reviews';
import { useId } from 'react';
import { cx } from '@/lib/class-names';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

interface RatingInputProps {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** 1 to 5 stars as a group of radio buttons: arrow keys move, each star is a 44 px target. */
export function RatingInput({ value, onChange, error, disabled = false }: RatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const shown = value ?? 0;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="font-medium text-stone-800">{reviewsMessages.rating}</legend>
      <div className="mt-1 flex gap-1">
        {STARS.map((star) => (
          <label
            key={star}
            className={cx(
              'inline-flex size-11 cursor-pointer items-center justify-center rounded-lg text-3xl leading-none hover:bg-amber-50',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600',
              star <= shown ? 'text-amber-600' : 'text-stone-400',
            )}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{reviewsMessages.stars(star)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
