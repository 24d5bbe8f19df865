import type { PackageResponse } from '@sherehe/shared/schemas/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { packagesKey } from './get-packages';

export function getPackage(id: string, signal?: AbortSignal): Promise<PackageResponse> {
  return api.get<PackageResponse>(apiPaths.packages.detail(id), signal);
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
