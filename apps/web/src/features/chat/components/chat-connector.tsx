import { chatMessages } from '@sherehe/shared/messages';
import type { ChatNotification, UnreadSummary } from '@sherehe/shared/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { QueryProvider } from '@/app/providers/query-provider';
import { API_BASE_URL } from '@/config/paths';
import { getStoredToken } from '@/lib/auth-token';
import { useSession } from '@/lib/session';
import { notifyInfo } from '@/lib/toast';
import type { ChatConnection } from '../api/chat-connection-types';
import { chatUnreadKey, unreadSummaryKey } from '../api/chat-unread-keys';
import { chatStore, isChatOpen } from '../hooks/use-chat';

// Its own chunk: the unread query's code stays out of the list of files the entry names for this one.
const DashboardLinkBadge = lazy(() => import('./dashboard-link-badge'));

/** The text of a notification toast (docs/product-spec.md#chat-states). */
export function notificationText(notification: Pick<ChatNotification, 'sender'>): string {
  const name = notification.sender?.username?.trim();
  return name ? chatMessages.newMessageFrom(name) : chatMessages.newMessage;
}

/**
 * Owns the one socket of a signed-in session (docs/product-spec.md#chat-states): mounted by the app once someone is
 * logged in (so neither this nor socket.io-client is in the first page's JavaScript), closed on
 * logout. A `notification` for a chat that is not on screen raises a toast and counts as unread.
 */
function SocketOwner() {
  const { isLoggedIn, user } = useSession();
  const userId = isLoggedIn ? user?._id : undefined;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let active = true;
    let opened: ChatConnection | undefined;
    let status: 'connecting' | 'connected' | 'disconnected' = 'connecting';

    function handleNotification(notification: ChatNotification) {
      if (!active || isChatOpen(notification.bookingId)) return;
      notifyInfo(notificationText(notification));
      queryClient.setQueryData<UnreadSummary>(unreadSummaryKey, (summary) =>
        summary
          ? {
              ...summary,
              total: summary.total + 1,
              byBooking: {
                ...summary.byBooking,
                [notification.bookingId]: (summary.byBooking[notification.bookingId] ?? 0) + 1,
              },
            }
          : summary,
      );
      void queryClient.invalidateQueries({ queryKey: chatUnreadKey });
    }

    import('../api/chat-connection')
      .then(({ connectChat }) => {
        if (!active) return;
        opened = connectChat({
          url: API_BASE_URL,
          token: getStoredToken(),
          onStatus: (next) => {
            if (!active) return;
            status = next;
            if (opened) chatStore.set({ status, connection: opened });
            // After a gap, counts may have moved without us hearing of it.
            if (next === 'connected') void queryClient.invalidateQueries({ queryKey: chatUnreadKey });
          },
          onNotification: handleNotification,
        });
        chatStore.set({ status, connection: opened });
      })
      .catch(() => {
        if (active) chatStore.reset();
      });

    return () => {
      active = false;
      opened?.close();
      chatStore.reset();
    };
  }, [userId, queryClient]);

  return null;
}

/**
 * Lazily loaded by the app once someone is signed in; brings the query cache along, since the first
 * page may not have it, and the unread count of the top bar's Dashboard link.
 */
export default function ChatConnector() {
  return (
    <QueryProvider>
      <SocketOwner />
      <Suspense fallback={null}>
        <DashboardLinkBadge />
      </Suspense>
    </QueryProvider>
  );
}
