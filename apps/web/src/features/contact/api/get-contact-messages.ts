import type { ContactMessage } from '@sherehe/shared/schemas/contact';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Every contact-message query starts with this key, so a new message refreshes them all. */
export const contactMessagesKey = ['contact-messages'] as const;

export interface ContactMessagesQuery {
  page: number;
  limit: number;
}

export interface ContactMessagesResponse {
  success: true;
  messages: ContactMessage[];
  total?: number;
  page?: number;
  pages?: number;
}

/** GET /api/messages (admins): newest first, paged on the server. */
export function getContactMessages(
  query: ContactMessagesQuery,
  signal?: AbortSignal,
): Promise<ContactMessagesResponse> {
  return api.get<ContactMessagesResponse>(apiPaths.messages.list({ ...query }), signal);
}

export function contactMessagesQueryOptions(query: ContactMessagesQuery) {
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
export function useContactMessages(query: ContactMessagesQuery) {
  return useQuery({ ...contactMessagesQueryOptions(query), placeholderData: keepPreviousData });
}
