import type { ChangeRoleBody, UserMessageResponse } from '@sherehe/shared/schemas/users';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { usersKey } from './get-users';
import { usersApiPaths } from './users-paths';

/** PATCH /api/user/:id/role (admins; never one's own account, never the last admin). */
export function changeUserRole({ id, role }: { id: string } & ChangeRoleBody): Promise<UserMessageResponse> {
  const body: ChangeRoleBody = { role };
  return api.patch<UserMessageResponse>(usersApiPaths.role(id), body);
}

export function useChangeUserRole() {
  return useRefreshingMutation(changeUserRole, [usersKey]);
}
