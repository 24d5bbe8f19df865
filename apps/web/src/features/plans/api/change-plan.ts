import type { ChangePlanBody } from '@sherehe/shared/schemas/plans';
import type { UserMessageResponse } from '@sherehe/shared/schemas/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { plansApiPaths } from './plans-paths';

export function changePlan(body: ChangePlanBody): Promise<UserMessageResponse> {
  return api.patch<UserMessageResponse>(plansApiPaths.change, body);
}

export function useChangePlan() {
  return useMutation({ mutationFn: changePlan });
}
