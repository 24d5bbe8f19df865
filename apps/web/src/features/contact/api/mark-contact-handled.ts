import type { ContactMessageResponse } from '@sherehe/shared/schemas/contact';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { contactApiPaths } from './contact-paths';
import { contactMessagesKey } from './get-contact-messages';

/** PATCH /api/messages/:id (admins): handled without an answer. */
export function markContactHandled(id: string): Promise<ContactMessageResponse> {
  return api.patch<ContactMessageResponse>(contactApiPaths.handle(id), { handled: true });
}

export function useMarkContactHandled() {
  return useRefreshingMutation(markContactHandled, [contactMessagesKey]);
}
