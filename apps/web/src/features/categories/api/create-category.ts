import type { Category, CategoryBody } from '@sherehe/shared/schemas/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { categoriesQueryOptions } from './get-categories';

export interface CategoryWriteResponse {
  success: true;
  message: string;
  category: Category;
}

export function createCategory(body: CategoryBody): Promise<CategoryWriteResponse> {
  return api.post<CategoryWriteResponse>(apiPaths.categories.create, body);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey }),
  });
}
