import type { IsAuthResponse } from '@sherehe/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function getAuthState(signal?: AbortSignal): Promise<IsAuthResponse> {
  return api.get<IsAuthResponse>(apiPaths.auth.isAuth, signal);
}

export function authStateQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'state'],
    queryFn: ({ signal }) => getAuthState(signal),
    staleTime: 0,
    retry: false,
  });
}
