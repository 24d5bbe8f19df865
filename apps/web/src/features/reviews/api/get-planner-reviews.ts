import type { ReviewListResponse } from '@sherehe/shared/schemas/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

/** GET /api/reviews/user/:userId?limit=n: the first n reviews of a planner's packages; `count` is all. */
export function getPlannerReviews(
  userId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<ReviewListResponse> {
  return api.get<ReviewListResponse>(reviewsApiPaths.ofPlanner(userId, { limit }), signal);
}

export function plannerReviewsQueryOptions(userId: string, limit: number) {
  return queryOptions({
    queryKey: [...reviewsKey, 'planner', userId, limit],
    queryFn: ({ signal }) => getPlannerReviews(userId, limit, signal),
  });
}

export function usePlannerReviews(userId: string, limit: number) {
  return useQuery(plannerReviewsQueryOptions(userId, limit));
}
