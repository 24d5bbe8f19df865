import { reviewsMessages } from '@sherehe/shared/messages';
import type { Review } from '@sherehe/shared/schemas/reviews';

/** The planner's reply under a review: the label in the page's language, the text as written. */
export function ReviewReplyText({
  reply,
  plannerName,
}: {
  reply: NonNullable<Review['reply']>;
  plannerName: string;
}) {
  return (
    <div className="mt-3 rounded-xl border-l-4 border-orange-700 bg-stone-50 p-3" data-testid="review-reply">
      <p className="text-sm font-semibold text-stone-900">{reviewsMessages.replyFrom(plannerName)}</p>
      <p className="mt-1 whitespace-pre-line break-words text-stone-800">{reply.text}</p>
    </div>
  );
}
