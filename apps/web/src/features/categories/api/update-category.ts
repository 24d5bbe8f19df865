import type { CategoryBody, CategoryResponse } from '@sherehe/shared/schemas/categories';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { categoriesApiPaths } from './categories-paths';
import { categoriesQueryOptions } from './get-categories';

export function updateCategory(input: { id: string; body: CategoryBody }): Promise<CategoryResponse> {
  return api.put<CategoryResponse>(categoriesApiPaths.update(input.id), input.body);
}

export function useUpdateCategory() {
  // Packages carry their category's name, so theirs are stale too.
  return useRefreshingMutation(updateCategory, [categoriesQueryOptions().queryKey, ['packages']]);
}
