import type { ContactBody, ContactMessage } from '@sherehe/shared/schemas/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { contactMessagesKey } from './get-contact-messages';

export interface SendContactMessageResponse {
  success: true;
  message: string;
  data: ContactMessage;
}

/** POST /api/messages: logged-in clients and planners only (admins get 403). */
export function sendContactMessage(body: ContactBody): Promise<SendContactMessageResponse> {
  return api.post<SendContactMessageResponse>(apiPaths.messages.create, body);
}

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesKey }),
  });
}
