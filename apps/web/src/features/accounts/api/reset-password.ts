import type { ResetPasswordBody } from '@sherehe/shared/schemas/accounts';
import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsApiPaths } from './accounts-paths';

/** POST /api/auth/reset-password: sets the new password with the emailed token (single use, 1 h). */
export function resetPassword(body: ResetPasswordBody): Promise<SuccessMessageResponse> {
  return api.post<SuccessMessageResponse>(accountsApiPaths.resetPassword, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
