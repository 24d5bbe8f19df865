import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersKey } from './get-users';
import { usersApiPaths } from './users-paths';

/** DELETE /api/user/:id (admins): also deletes the user's packages, bookings, reviews and messages. */
export function deleteUser(id: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(usersApiPaths.delete(id));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      // The deletion reaches into other features' data (packages, bookings, reviews): whatever is
      // cached of them is marked stale, so it is fetched again when next shown.
      await queryClient.invalidateQueries({ refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}
