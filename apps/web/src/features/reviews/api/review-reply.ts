import { reviewsMessages } from '@sherehe/shared/messages';
import type { ReviewReplyBody, ReviewResponse } from '@sherehe/shared/schemas/reviews';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

/** PUT /api/reviews/:id/reply (the package's planner): writes the reply, or changes it. */
export function saveReviewReply({ id, ...body }: { id: string } & ReviewReplyBody): Promise<ReviewResponse> {
  return api.put<ReviewResponse>(reviewsApiPaths.reply(id), body);
}

/** DELETE /api/reviews/:id/reply (the package's planner): answers 204, so the toast's words are ours. */
export async function deleteReviewReply(id: string): Promise<{ message: string }> {
  await api.delete<undefined>(reviewsApiPaths.reply(id));
  return { message: reviewsMessages.replyRemoved };
}

export function useSaveReviewReply() {
  return useRefreshingMutation(saveReviewReply, [reviewsKey]);
}

export function useDeleteReviewReply() {
  return useRefreshingMutation(deleteReviewReply, [reviewsKey]);
}
