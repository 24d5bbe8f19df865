import type { ChangeRoleBody, UserMessageResponse } from '@sherehe/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { usersKey } from './get-users';

/** PATCH /api/user/:id/role (admins; never one's own account, never the last admin). */
export function changeUserRole({ id, role }: { id: string } & ChangeRoleBody): Promise<UserMessageResponse> {
  const body: ChangeRoleBody = { role };
  return api.patch<UserMessageResponse>(apiPaths.user.role(id), body);
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
