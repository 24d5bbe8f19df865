import type { Review } from '@sherehe/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';

export interface ReviewResponse {
  success: true;
  message: string;
  review: Review;
}

export interface CreateReviewInput {
  package: string;
  rating: number;
  comment: string;
}

export function createReview(input: CreateReviewInput): Promise<ReviewResponse> {
  return api.post<ReviewResponse>(apiPaths.reviews.create, input);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
