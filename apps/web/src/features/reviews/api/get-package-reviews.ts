import type { ReviewListResponse } from '@sherehe/shared/schemas/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsApiPaths } from './reviews-paths';

/** Every reviews query starts with this key, so a write can refresh them all at once. */
export const reviewsKey = ['reviews'] as const;

/** GET /api/reviews/:packageId: the reviews, their average (one decimal) and count. */
export function getPackageReviews(packageId: string, signal?: AbortSignal): Promise<ReviewListResponse> {
  return api.get<ReviewListResponse>(reviewsApiPaths.ofPackage(packageId), signal);
}

export function packageReviewsQueryOptions(packageId: string) {
  return queryOptions({
    queryKey: [...reviewsKey, 'package', packageId],
    queryFn: ({ signal }) => getPackageReviews(packageId, signal),
  });
}

export function usePackageReviews(packageId: string) {
  return useQuery(packageReviewsQueryOptions(packageId));
}
