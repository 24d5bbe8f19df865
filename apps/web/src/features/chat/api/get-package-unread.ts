import { CHAT_HISTORY_TIMEOUT_MS, ClientEvents, type SocketError } from '@sherehe/shared/socket-events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatConnection } from './chat-connection-types';
import { chatUnreadKey } from './chat-unread-keys';

/** getUnreadCount {packageId}: unread messages to the user in all their bookings of a package. */
export async function getPackageUnread(connection: ChatConnection, packageId: string): Promise<number> {
  const reply = await connection.request<number | SocketError>(
    ClientEvents.getUnreadCount,
    { packageId },
    CHAT_HISTORY_TIMEOUT_MS,
  );
  if (typeof reply !== 'number') throw new Error(reply.message);
  return reply;
}

export function packageUnreadQueryOptions(connection: ChatConnection | null, packageId: string) {
  return queryOptions({
    queryKey: [...chatUnreadKey, 'package', packageId],
    queryFn: () => {
      if (!connection) throw new Error('Not connected');
      return getPackageUnread(connection, packageId);
    },
    enabled: connection !== null,
    staleTime: 30_000,
  });
}

export function usePackageUnread(connection: ChatConnection | null, packageId: string, connected: boolean) {
  return useQuery({
    ...packageUnreadQueryOptions(connection, packageId),
    enabled: connected && connection !== null,
  });
}
