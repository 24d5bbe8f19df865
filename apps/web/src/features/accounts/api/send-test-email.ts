import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { MessageReply } from './request-password-reset';

/** POST /api/auth/test-email: the server sends one fixed message to the address. */
export function sendTestEmail(email: string): Promise<MessageReply> {
  return api.post<MessageReply>(apiPaths.auth.testEmail, { email });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
