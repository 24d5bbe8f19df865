import type { ContactMessageResponse } from '@sherehe/shared/schemas/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactApiPaths } from './contact-paths';
import { contactMessagesKey } from './get-contact-messages';

/** PATCH /api/messages/:id (admins): handled without an answer. */
export function markContactHandled(id: string): Promise<ContactMessageResponse> {
  return api.patch<ContactMessageResponse>(contactApiPaths.handle(id), { handled: true });
}

export function useMarkContactHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesKey }),
  });
}
