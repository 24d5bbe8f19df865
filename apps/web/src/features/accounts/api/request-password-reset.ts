import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsApiPaths } from './accounts-paths';

/** POST /api/auth/request-password-reset: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<SuccessMessageResponse> {
  return api.post<SuccessMessageResponse>(accountsApiPaths.requestPasswordReset, { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
