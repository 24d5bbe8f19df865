import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';

interface DeleteReviewResponse {
  success: true;
  message: string;
}

/** DELETE /api/reviews/:id (the author, or an admin). */
export function deleteReview(id: string): Promise<DeleteReviewResponse> {
  return api.delete<DeleteReviewResponse>(apiPaths.reviews.delete(id));
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
