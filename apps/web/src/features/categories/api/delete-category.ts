import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { categoriesApiPaths } from './categories-paths';
import { categoriesQueryOptions } from './get-categories';

export function deleteCategory(id: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(categoriesApiPaths.delete(id));
}

export function useDeleteCategory() {
  return useRefreshingMutation(deleteCategory, [categoriesQueryOptions().queryKey]);
}
