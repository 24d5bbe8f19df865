import type { CategoryBody, CategoryResponse } from '@sherehe/shared/schemas/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { categoriesQueryOptions } from './get-categories';

export function createCategory(body: CategoryBody): Promise<CategoryResponse> {
  return api.post<CategoryResponse>(apiPaths.categories.create, body);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
  });
}
