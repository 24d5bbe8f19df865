import { controlsMessages, reviewsMessages } from '@sherehe/shared/messages';
import { REVIEW_REPLY_MAX, type Review, reviewReplyBodySchema } from '@sherehe/shared/schemas/reviews';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DeleteDialog, useDeletion } from '@/components/ui/delete-dialog';
import { FormCancel, TextareaField } from '@/components/ui/form-field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useDeleteReviewReply, useSaveReviewReply } from '../api/review-reply';
import { ReviewReplyText } from './review-reply-text';

/** The reply form: the text, then Save reply or Cancel. */
function ReplyForm({ reviewId, initial, onDone }: { reviewId: string; initial: string; onDone: () => void }) {
  const save = useSaveReviewReply();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const { submit, busy } = useFormSubmit({
    check: () => {
      const checked = reviewReplyBodySchema.safeParse({ text });
      setError(checked.success ? undefined : checked.error.issues[0]?.message);
      return checked.success;
    },
    send: () => save.mutateAsync({ id: reviewId, text: text.trim() }),
    successToast: (reply) => reply.message,
    failureToast: reviewsMessages.replyFailed,
    onSuccess: onDone,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(undefined);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={busy} className="mt-3 space-y-3">
      <TextareaField
        label={reviewsMessages.replyLabel}
        rows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        maxLength={REVIEW_REPLY_MAX}
        hint={controlsMessages.characterCount(text.length, REVIEW_REPLY_MAX)}
        error={error}
        disabled={busy}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <FormCancel onCancel={onDone} disabled={busy} />
        <Button type="submit" disabled={busy}>
          {busy ? reviewsMessages.replySaving : reviewsMessages.replySave}
        </Button>
      </div>
    </form>
  );
}

/**
 * A review's reply, and for the package's planner (signed in: never on the page stored for guests)
 * Reply, or Edit reply and Remove reply. Loaded only for that planner: guests' pages carry
 * `ReviewReplyText` alone.
 */
export function ReviewReply({
  review,
  plannerName,
  mine,
}: {
  review: Pick<Review, '_id' | 'reply' | 'client'>;
  plannerName: string;
  /** The signed-in user is the package's planner. */
  mine: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteReviewReply();
  const deletion = useDeletion({
    send: (id: string) => remove.mutateAsync(id),
    failureToast: reviewsMessages.replyFailed,
    keepOpenOnFailure: true,
  });
  const whose = useId();
  const { reply } = review;
  return (
    <>
      {reply && !editing ? <ReviewReplyText reply={reply} plannerName={plannerName} /> : null}
      {mine && editing ? (
        <ReplyForm reviewId={review._id} initial={reply?.text ?? ''} onDone={() => setEditing(false)} />
      ) : null}
      {mine && !editing ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <span id={whose} className="sr-only">
            {reviewsMessages.whoseReview(false, review.client.username)}
          </span>
          <Button variant="secondary" onClick={() => setEditing(true)} aria-describedby={whose}>
            {reply ? reviewsMessages.replyEdit : reviewsMessages.replyAction}
          </Button>
          {reply ? (
            <Button
              variant="ghost"
              onClick={() => deletion.ask(review._id)}
              aria-haspopup="dialog"
              aria-describedby={whose}
            >
              {reviewsMessages.replyRemove}
            </Button>
          ) : null}
        </div>
      ) : null}
      {mine ? (
        <DeleteDialog deletion={deletion} title={reviewsMessages.replyRemove}>
          <p>{reviewsMessages.replyRemoveConfirm}</p>
        </DeleteDialog>
      ) : null}
    </>
  );
}
