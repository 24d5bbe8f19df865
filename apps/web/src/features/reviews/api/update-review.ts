import type { ReviewResponse, UpdateReviewBody } from '@sherehe/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

/** PATCH /api/reviews/:id (the author only). */
export function updateReview({ id, ...body }: { id: string } & UpdateReviewBody): Promise<ReviewResponse> {
  return api.patch<ReviewResponse>(reviewsApiPaths.update(id), body);
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
