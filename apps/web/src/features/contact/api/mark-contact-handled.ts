import type { ContactMessageResponse } from '@sherehe/shared/schemas/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { contactMessagesKey } from './get-contact-messages';

/** PATCH /api/messages/:id (admins): handled without an answer. */
export function markContactHandled(id: string): Promise<ContactMessageResponse> {
  return api.patch<ContactMessageResponse>(apiPaths.messages.handle(id), { handled: true });
}

export function useMarkContactHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesKey }),
  });
}
