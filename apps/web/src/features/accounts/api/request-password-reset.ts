import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export interface MessageReply {
  success: boolean;
  message: string;
}

/** POST /api/auth/request-password-reset: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<MessageReply> {
  return api.post<MessageReply>(apiPaths.auth.requestPasswordReset, { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
