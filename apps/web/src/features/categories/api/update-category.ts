import type { CategoryBody, CategoryResponse } from '@sherehe/shared/schemas/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoriesApiPaths } from './categories-paths';
import { categoriesQueryOptions } from './get-categories';

export function updateCategory(input: { id: string; body: CategoryBody }): Promise<CategoryResponse> {
  return api.put<CategoryResponse>(categoriesApiPaths.update(input.id), input.body);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Packages carry their category's name, so theirs are stale too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['packages'] }),
      ]),
  });
}
