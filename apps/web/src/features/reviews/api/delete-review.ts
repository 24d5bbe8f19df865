import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

/** DELETE /api/reviews/:id (the author, or an admin). */
export function deleteReview(id: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(reviewsApiPaths.delete(id));
}

export function useDeleteReview() {
  return useRefreshingMutation(deleteReview, [reviewsKey]);
}
