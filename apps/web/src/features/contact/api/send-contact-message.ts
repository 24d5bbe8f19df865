import type { ContactBody, ContactCreatedResponse } from '@sherehe/shared/schemas/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactApiPaths } from './contact-paths';
import { contactMessagesKey } from './get-contact-messages';

/** POST /api/messages: logged-in clients and planners only (admins get 403). */
export function sendContactMessage(body: ContactBody): Promise<ContactCreatedResponse> {
  return api.post<ContactCreatedResponse>(contactApiPaths.create, body);
}

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesKey }),
  });
}
