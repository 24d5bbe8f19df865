import type { CreateReviewBody, ReviewResponse } from '@sherehe/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

export function createReview(body: CreateReviewBody): Promise<ReviewResponse> {
  return api.post<ReviewResponse>(reviewsApiPaths.create, body);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
