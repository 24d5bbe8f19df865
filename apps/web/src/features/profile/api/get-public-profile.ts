import type { PublicProfileResponse } from '@sherehe/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountApiPaths } from './account-paths';

export function getPublicProfile(userId: string, signal?: AbortSignal): Promise<PublicProfileResponse> {
  return api.get<PublicProfileResponse>(accountApiPaths.publicProfile(userId), signal);
}

export function publicProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['profiles', userId],
    queryFn: ({ signal }) => getPublicProfile(userId, signal),
    select: (reply) => reply.profile,
  });
}

export function usePublicProfile(userId: string) {
  return useQuery(publicProfileQueryOptions(userId));
}
