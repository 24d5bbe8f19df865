import { reviewsMessages } from '@sherehe/shared/messages';
import { REVIEW_COMMENT_MAX, ratingSchema } from '@sherehe/shared/schemas/reviews';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/form-field';
import { RatingInput } from './rating-input';

export interface ReviewValues {
  rating: number;
  comment: string;
}

interface ReviewFormProps {
  initial?: ReviewValues;
  submitLabel: string;
  busyLabel: string;
  /** Sends the review; a rejection keeps the form as it is (the caller says what went wrong). */
  onSubmit: (values: ReviewValues) => Promise<void>;
  onCancel?: () => void;
}

/** A rating of 1 to 5 stars (required) and an optional comment (spec §5). */
export function ReviewForm({ initial, submitLabel, busyLabel, onSubmit, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = ratingSchema.safeParse(rating);
    if (!checked.success) {
      setRatingError(checked.error.issues[0]?.message ?? reviewsMessages.ratingRange);
      return;
    }
    setRatingError(undefined);
    inFlight.current = true;
    setSending(true);
    try {
      await onSubmit({ rating: checked.data, comment: comment.trim() });
    } catch {
      // The caller has told the user.
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={sending} className="space-y-4">
      <RatingInput
        value={rating}
        onChange={(value) => {
          setRating(value);
          setRatingError(undefined);
        }}
        error={ratingError}
        disabled={sending}
      />
      <TextareaField
        label="Comment (optional)"
        rows={4}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={REVIEW_COMMENT_MAX}
        hint={`${comment.length} / ${REVIEW_COMMENT_MAX} characters`}
        disabled={sending}
      />
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={sending}>
          {sending ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
