import type { CategoryBody, CategoryResponse } from '@sherehe/shared/schemas/categories';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { categoriesApiPaths } from './categories-paths';
import { categoriesQueryOptions } from './get-categories';

export function createCategory(body: CategoryBody): Promise<CategoryResponse> {
  return api.post<CategoryResponse>(categoriesApiPaths.create, body);
}

export function useCreateCategory() {
  return useRefreshingMutation(createCategory, [categoriesQueryOptions().queryKey]);
}
