import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { categoriesQueryOptions } from './get-categories';

interface DeleteCategoryResponse {
  success: true;
  message: string;
}

export function deleteCategory(id: string): Promise<DeleteCategoryResponse> {
  return api.delete<DeleteCategoryResponse>(apiPaths.categories.delete(id));
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
  });
}
