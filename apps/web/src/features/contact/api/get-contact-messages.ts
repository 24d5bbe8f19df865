import type { ContactListQuery, ContactListResponse } from '@sherehe/shared/schemas/contact';
import { pagingOf, usePagedList } from '@/lib/use-paged-list';
import { contactApiPaths } from './contact-paths';

/** Every contact-message query starts with this key, so a new message refreshes them all. */
export const contactMessagesKey = ['contact-messages'] as const;

/** GET /api/messages (admins): newest first, paged on the server. */
export function useContactMessages(query: ContactListQuery) {
  return usePagedList(
    [...contactMessagesKey, 'list', query],
    contactApiPaths.list({ ...query }),
    (reply: ContactListResponse) => ({ messages: reply.messages, ...pagingOf(reply, reply.messages) }),
  );
}
