import type { ResetPasswordBody } from '@sherehe/shared/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { MessageReply } from './request-password-reset';

/** POST /api/auth/reset-password: sets the new password with the emailed token (single use, 1 h). */
export function resetPassword(body: ResetPasswordBody): Promise<MessageReply> {
  return api.post<MessageReply>(apiPaths.auth.resetPassword, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
