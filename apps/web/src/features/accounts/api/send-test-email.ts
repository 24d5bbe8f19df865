import type { SuccessMessageResponse } from '@sherehe/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsApiPaths } from './accounts-paths';

/** POST /api/auth/test-email: the server sends one fixed message to the address. */
export function sendTestEmail(email: string): Promise<SuccessMessageResponse> {
  return api.post<SuccessMessageResponse>(accountsApiPaths.testEmail, { email });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
