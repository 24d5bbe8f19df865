import type { ChangePlanBody } from '@sherehe/shared/schemas/plans';
import type { User } from '@sherehe/shared/schemas/users';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export interface ChangePlanResponse {
  success: true;
  message: string;
  user: User;
}

export function changePlan(body: ChangePlanBody): Promise<ChangePlanResponse> {
  return api.patch<ChangePlanResponse>(apiPaths.user.plan, body);
}

export function useChangePlan() {
  return useMutation({ mutationFn: changePlan });
}
