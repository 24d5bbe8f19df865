import type { ListPackagesQuery, PackageListResponse } from '@sherehe/shared/schemas/packages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Every package query starts with this key, so a write can refresh them all at once. */
export const packagesKey = ['packages'] as const;

/** GET /api/packages: filters (all optional) and a page; the server filters and pages. */
export function getPackages(query: ListPackagesQuery, signal?: AbortSignal): Promise<PackageListResponse> {
  return api.get<PackageListResponse>(apiPaths.packages.list({ ...query }), signal);
}

/** One page of packages, with the total count and number of pages. */
export function packagesQueryOptions(query: ListPackagesQuery) {
  return queryOptions({
    queryKey: [...packagesKey, 'list', query],
    queryFn: ({ signal }) => getPackages(query, signal),
    select: (reply) => ({
      packages: reply.data,
      total: reply.total ?? reply.data.length,
      /** More match than `total` (the server stops counting at 1,000). */
      totalCapped: reply.totalCapped === true,
      page: reply.page ?? query.page ?? 1,
      pages: reply.pages ?? 1,
    }),
  });
}

/**
 * `keepPrevious`: the page on screen stays while the next one loads (no flash of skeletons).
 * `enabled: false` waits (the query is not needed yet, or at all).
 */
export function usePackages(
  query: ListPackagesQuery,
  options: { keepPrevious?: boolean; enabled?: boolean } = {},
) {
  return useQuery({
    ...packagesQueryOptions(query),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    enabled: options.enabled ?? true,
  });
}
