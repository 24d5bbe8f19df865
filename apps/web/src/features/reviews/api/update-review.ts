import type { ReviewResponse, UpdateReviewBody } from '@sherehe/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';

/** PATCH /api/reviews/:id (the author only). */
export function updateReview({ id, ...body }: { id: string } & UpdateReviewBody): Promise<ReviewResponse> {
  return api.patch<ReviewResponse>(apiPaths.reviews.update(id), body);
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
