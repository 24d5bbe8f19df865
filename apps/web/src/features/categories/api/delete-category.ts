import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoriesApiPaths } from './categories-paths';
import { categoriesQueryOptions } from './get-categories';

export function deleteCategory(id: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(categoriesApiPaths.delete(id));
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
  });
}
