import type { ListUsersQuery, UserListResponse } from '@sherehe/shared/schemas/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersApiPaths } from './users-paths';

/** Every user-list query starts with this key, so a role change or a deletion refreshes them all. */
export const usersKey = ['users'] as const;

/** GET /api/user (admins): by role, part of a name or an email address, a page at a time. */
export function getUsers(query: ListUsersQuery, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get<UserListResponse>(usersApiPaths.list({ ...query }), signal);
}

/** One page of users, newest first, with the total count and number of pages. */
export function usersQueryOptions(query: ListUsersQuery) {
  return queryOptions({
    queryKey: [...usersKey, 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    select: (reply) => ({
      users: reply.users,
      total: reply.total ?? reply.users.length,
      pages: reply.pages ?? 1,
    }),
  });
}

/** The page on screen stays while the next one loads (no flash of skeletons while typing). */
export function useUsers(query: ListUsersQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
