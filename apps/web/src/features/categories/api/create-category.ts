import type { CategoryBody, CategoryResponse } from '@sherehe/shared/schemas/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoriesApiPaths } from './categories-paths';
import { categoriesQueryOptions } from './get-categories';

export function createCategory(body: CategoryBody): Promise<CategoryResponse> {
  return api.post<CategoryResponse>(categoriesApiPaths.create, body);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
  });
}
