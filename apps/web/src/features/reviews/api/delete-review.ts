import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewsKey } from './get-package-reviews';
import { reviewsApiPaths } from './reviews-paths';

/** DELETE /api/reviews/:id (the author, or an admin). */
export function deleteReview(id: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(reviewsApiPaths.delete(id));
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
