import type { AnswerContactBody, ContactMessageResponse } from '@sherehe/shared/schemas/contact';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { contactApiPaths } from './contact-paths';
import { contactMessagesKey } from './get-contact-messages';

/** POST /api/messages/:id/answer (admins): mailed to the sender; the message is then handled. */
export function answerContactMessage({
  id,
  ...body
}: { id: string } & AnswerContactBody): Promise<ContactMessageResponse> {
  return api.post<ContactMessageResponse>(contactApiPaths.answer(id), body);
}

export function useAnswerContactMessage() {
  return useRefreshingMutation(answerContactMessage, [contactMessagesKey]);
}
