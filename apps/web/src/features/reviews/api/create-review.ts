import type { CreateReviewBody, ReviewResponse } from '@sherehe/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';

export function createReview(body: CreateReviewBody): Promise<ReviewResponse> {
  return api.post<ReviewResponse>(apiPaths.reviews.create, body);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
