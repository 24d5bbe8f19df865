import type { Package, PackageListResponse } from '@sherehe/shared/schemas/packages';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { type Loaded, useLoad } from '@/lib/use-load';

/** Three packages on the home page, featured-listing planners first (docs/product-rules.md, What plans enforce). */
export const FEATURED_PACKAGE_COUNT = 3;

export function getFeaturedPackages(signal?: AbortSignal): Promise<PackageListResponse> {
  return api.get<PackageListResponse>(
    apiPaths.packages.list({ sort: 'featured', page: 1, limit: FEATURED_PACKAGE_COUNT }),
    signal,
  );
}

/** For the home page, which loads without the query cache (docs/decisions/008). */
export function useFeaturedPackages(): Loaded<Package[]> {
  return useLoad('packages/featured', (signal) =>
    getFeaturedPackages(signal).then((reply) => reply.data.slice(0, FEATURED_PACKAGE_COUNT)),
  );
}
