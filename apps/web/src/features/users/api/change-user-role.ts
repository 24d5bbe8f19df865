import type { Role } from '@sherehe/shared/roles';
import type { User } from '@sherehe/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { usersKey } from './get-users';

export interface ChangeUserRoleResponse {
  success: true;
  message: string;
  user: User;
}

/** PATCH /api/user/:id/role (admins; never one's own account, never the last admin). */
export function changeUserRole({ id, role }: { id: string; role: Role }): Promise<ChangeUserRoleResponse> {
  return api.patch<ChangeUserRoleResponse>(apiPaths.user.role(id), { role });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
