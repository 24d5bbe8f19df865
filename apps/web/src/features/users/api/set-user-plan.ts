import type { AdminPlanBody } from '@sherehe/shared/schemas/plans';
import type { UserMessageResponse } from '@sherehe/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersKey } from './get-users';

/** PATCH /api/user/:id/plan (admins): a plan and, for a paid one, the end of its period (none: no end). */
export function setUserPlan({ id, ...body }: { id: string } & AdminPlanBody): Promise<UserMessageResponse> {
  return api.patch<UserMessageResponse>(`/api/user/${encodeURIComponent(id)}/plan`, body);
}

export function useSetUserPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
