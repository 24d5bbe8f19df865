import { controlsMessages, reviewsMessages } from '@sherehe/shared/messages';
import { type CreateReviewBody, REVIEW_COMMENT_MAX, ratingSchema } from '@sherehe/shared/schemas/reviews';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormCancel, TextareaField } from '@/components/ui/form-field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { RatingInput } from './rating-input';

/** What the form sends: the package is its caller's. */
export type ReviewValues = Pick<CreateReviewBody, 'rating' | 'comment'>;

interface ReviewFormProps {
  initial?: ReviewValues;
  submitLabel: string;
  busyLabel: string;
  /** Sends the review; the server's answer gives the success toast. */
  onSubmit: (values: ReviewValues) => Promise<{ message: string }>;
  /** The failure toast when the server gives no reason. */
  failureText: string;
  /** After a success (the edit dialog closes, the package's rating is fetched again). */
  onSaved?: () => void;
  onCancel?: () => void;
}

/** A rating of 1 to 5 stars (required) and an optional comment (docs/product-spec.md#validation). */
export function ReviewForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  failureText,
  onSaved,
  onCancel,
}: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const { submit, busy: sending } = useFormSubmit({
    check: () => {
      const checked = ratingSchema.safeParse(rating);
      setRatingError(
        checked.success ? undefined : (checked.error.issues[0]?.message ?? reviewsMessages.ratingRange),
      );
      return checked.success;
    },
    send: () => onSubmit({ rating: ratingSchema.parse(rating), comment: comment.trim() }),
    successToast: (reply) => reply.message,
    failureToast: failureText,
    onSuccess: onSaved,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(undefined);
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
        label={reviewsMessages.comment}
        rows={4}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={REVIEW_COMMENT_MAX}
        hint={controlsMessages.characterCount(comment.length, REVIEW_COMMENT_MAX)}
        disabled={sending}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <FormCancel onCancel={onCancel} disabled={sending} />
        <Button type="submit" disabled={sending}>
          {sending ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
