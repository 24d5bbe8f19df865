import type { ChangePlanBody } from '@sherehe/shared/schemas/plans';
import type { UserMessageResponse } from '@sherehe/shared/schemas/users';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function changePlan(body: ChangePlanBody): Promise<UserMessageResponse> {
  return api.patch<UserMessageResponse>(apiPaths.user.plan, body);
}

export function useChangePlan() {
  return useMutation({ mutationFn: changePlan });
}
