import type { PackageResponse } from '@sherehe/shared/schemas/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packagesKey } from './get-packages';
import { packageApiPaths } from './package-paths';

export function getPackage(id: string, signal?: AbortSignal): Promise<PackageResponse> {
  return api.get<PackageResponse>(packageApiPaths.detail(id), signal);
}

export function packageQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...packagesKey, 'detail', id],
    queryFn: ({ signal }) => getPackage(id, signal),
    select: (reply) => reply.data,
  });
}

export function usePackage(id: string) {
  return useQuery(packageQueryOptions(id));
}
