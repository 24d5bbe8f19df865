import type { ContactBody, ContactCreatedResponse } from '@sherehe/shared/schemas/contact';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { contactApiPaths } from './contact-paths';
import { contactMessagesKey } from './get-contact-messages';

/** POST /api/messages: logged-in clients and planners only (admins get 403). */
export function sendContactMessage(body: ContactBody): Promise<ContactCreatedResponse> {
  return api.post<ContactCreatedResponse>(contactApiPaths.create, body);
}

export function useSendContactMessage() {
  return useRefreshingMutation(sendContactMessage, [contactMessagesKey]);
}
