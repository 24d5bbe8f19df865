import type { PackageListResponse } from '@sherehe/shared/schemas/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Spec §9: three packages on the home page, featured-listing planners first (DESIGN.md §5). */
export const FEATURED_PACKAGE_COUNT = 3;

export function getFeaturedPackages(signal?: AbortSignal): Promise<PackageListResponse> {
  return api.get<PackageListResponse>(
    apiPaths.packages.list({ sort: 'featured', page: 1, limit: FEATURED_PACKAGE_COUNT }),
    signal,
  );
}

export function featuredPackagesQueryOptions() {
  return queryOptions({
    queryKey: ['packages', 'featured'],
    queryFn: ({ signal }) => getFeaturedPackages(signal),
    select: (reply) => reply.data.slice(0, FEATURED_PACKAGE_COUNT),
  });
}

export function useFeaturedPackages() {
  return useQuery(featuredPackagesQueryOptions());
}
