import type { AdminPlanBody } from '@sherehe/shared/schemas/plans';
import type { UserMessageResponse } from '@sherehe/shared/schemas/users';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { usersKey } from './get-users';

/** PATCH /api/user/:id/plan (admins): a plan and, for a paid one, the end of its period (none: no end). */
export function setUserPlan({ id, ...body }: { id: string } & AdminPlanBody): Promise<UserMessageResponse> {
  return api.patch<UserMessageResponse>(`/api/user/${encodeURIComponent(id)}/plan`, body);
}

export function useSetUserPlan() {
  return useRefreshingMutation(setUserPlan, [usersKey]);
}
