import type { ContactListQuery, ContactListResponse } from '@sherehe/shared/schemas/contact';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactApiPaths } from './contact-paths';

/** Every contact-message query starts with this key, so a new message refreshes them all. */
export const contactMessagesKey = ['contact-messages'] as const;

/** GET /api/messages (admins): newest first, paged on the server. */
export function getContactMessages(
  query: ContactListQuery,
  signal?: AbortSignal,
): Promise<ContactListResponse> {
  return api.get<ContactListResponse>(contactApiPaths.list({ ...query }), signal);
}

export function contactMessagesQueryOptions(query: ContactListQuery) {
  return queryOptions({
    queryKey: [...contactMessagesKey, 'list', query],
    queryFn: ({ signal }) => getContactMessages(query, signal),
    select: (reply) => ({
      messages: reply.messages,
      total: reply.total ?? reply.messages.length,
      pages: reply.pages ?? 1,
    }),
  });
}

/** The page on screen stays while the next one loads. */
export function useContactMessages(query: ContactListQuery) {
  return useQuery({ ...contactMessagesQueryOptions(query), placeholderData: keepPreviousData });
}
