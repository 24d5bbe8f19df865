import type { ReviewResponse, UpdateReviewBody } from '@sherehe/shared/schemas/reviews';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

/** PATCH /api/reviews/:id (the author only). */
export function updateReview({ id, ...body }: { id: string } & UpdateReviewBody): Promise<ReviewResponse> {
  return api.patch<ReviewResponse>(reviewsApiPaths.update(id), body);
}

export function useUpdateReview() {
  return useRefreshingMutation(updateReview, [reviewsKey]);
}
