import type { CreateReviewBody, ReviewResponse } from '@sherehe/shared/schemas/reviews';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

export function createReview(body: CreateReviewBody): Promise<ReviewResponse> {
  return api.post<ReviewResponse>(reviewsApiPaths.create, body);
}

export function useCreateReview() {
  return useRefreshingMutation(createReview, [reviewsKey]);
}
