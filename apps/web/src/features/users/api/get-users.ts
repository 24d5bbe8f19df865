import type { ListUsersQuery, UserListResponse } from '@sherehe/shared/schemas/users';
import { pagingOf, usePagedList } from '@/lib/use-paged-list';
import { usersApiPaths } from './users-paths';

/** Every user-list query starts with this key, so a role change or a deletion refreshes them all. */
export const usersKey = ['users'] as const;

/**
 * GET /api/user (admins): by role, part of a name or an email address, a page at a time; newest
 * first, with the total count and number of pages.
 */
export function useUsers(query: ListUsersQuery) {
  return usePagedList(
    [...usersKey, 'list', query],
    usersApiPaths.list({ ...query }),
    (reply: UserListResponse) => ({
      users: reply.users,
      ...pagingOf(reply, reply.users),
    }),
  );
}
