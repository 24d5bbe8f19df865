import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ReviewResponse } from './create-review';
import { reviewsKey } from './get-package-reviews';

export interface UpdateReviewInput {
  id: string;
  rating: number;
  comment: string;
}

/** PATCH /api/reviews/:id (the author only). */
export function updateReview({ id, rating, comment }: UpdateReviewInput): Promise<ReviewResponse> {
  return api.patch<ReviewResponse>(apiPaths.reviews.update(id), { rating, comment });
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
