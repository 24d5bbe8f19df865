import type { CategoriesResponse } from '@sherehe/shared/schemas/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function getCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  return api.get<CategoriesResponse>(apiPaths.categories.list, signal);
}

/** All categories, by name (public). They change rarely. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    select: (reply) => reply.categories,
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
