import type { UnreadSummary } from '@sherehe/shared/socket-events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatApiPaths } from './chat-paths';
import { unreadSummaryKey } from './chat-unread-keys';

export function getUnreadSummary(signal?: AbortSignal): Promise<UnreadSummary> {
  return api.get<UnreadSummary>(chatApiPaths.unread, signal);
}

/** Unread chat messages to the signed-in user: in all, and per booking. */
export function unreadSummaryQueryOptions() {
  return queryOptions({
    queryKey: unreadSummaryKey,
    queryFn: ({ signal }) => getUnreadSummary(signal),
    staleTime: 30_000,
  });
}

export function useUnreadSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadSummaryQueryOptions(), enabled });
}
