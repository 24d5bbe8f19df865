import { chatMessages } from '@sherehe/shared/messages';
import type { Attachment } from '@sherehe/shared/schemas/attachments';
import {
  CHAT_HISTORY_TIMEOUT_MS,
  type ChatMessage,
  ClientEvents,
  ServerEvents,
  type SocketError,
} from '@sherehe/shared/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatUnreadKey } from '../api/chat-unread-keys';
import { holdBookingRoom } from './booking-rooms';
import { type ChatItem, mergeHistory, newClientId, upsertMessage } from './chat-messages-list';
import { useChat } from './use-chat';

/** How long a sent message waits for its acknowledgement before it is offered for a retry. */
export const SEND_ACK_TIMEOUT_MS = 10_000;

type Ack = { success: true } | SocketError;
type SendAck = { success: true; message: ChatMessage } | SocketError;

class Refused extends Error {}

export type HistoryState = { state: 'loading' } | { state: 'loaded' } | { state: 'failed'; message: string };

interface ChatRoomOptions {
  bookingId: string;
  me: ChatMessage['sender'];
  /** The other party of the booking; undefined when it cannot be told. */
  receiverId: string | undefined;
}

/**
 * One booking's conversation over the session's socket (docs/product-spec.md#chat-states): joins the room and loads
 * the history whenever the socket (re)connects; sends with a `clientId` so that a message whose
 * acknowledgement was lost to a dropped connection is sent again after reconnecting and stored once.
 */
export function useChatRoom({ bookingId, me, receiverId }: ChatRoomOptions) {
  const { connection, status, openChat } = useChat();
  const connected = status === 'connected' && connection !== null;
  const queryClient = useQueryClient();
  const [items, setItems] = useState<ChatItem[]>([]);
  const [history, setHistory] = useState<HistoryState>({ state: 'loading' });
  const [loadRound, setLoadRound] = useState(0);
  // The list as last set, readable at once by the send and resend logic.
  const itemsRef = useRef<ChatItem[]>([]);
  const connectionRef = useRef(connection);
  useEffect(() => {
    connectionRef.current = connection;
  }, [connection]);
  // The latest delivery attempt per clientId: an older attempt's timeout must not mark a newer one failed.
  const attempts = useRef(new Map<string, number>());

  const updateItems = useCallback((change: (current: ChatItem[]) => ChatItem[]) => {
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  const refreshUnread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatUnreadKey }),
    [queryClient],
  );

  useEffect(() => openChat(bookingId), [openChat, bookingId]);

  const deliver = useCallback(
    async (clientId: string) => {
      const socket = connectionRef.current;
      const item = itemsRef.current.find((entry) => entry.clientId === clientId && entry.delivery !== 'sent');
      // Not connected: it stays 'sending' and goes out when the socket is back.
      if (!item || !socket?.connected) return;
      const attempt = (attempts.current.get(clientId) ?? 0) + 1;
      attempts.current.set(clientId, attempt);
      const fail = (error: string) =>
        updateItems((current) =>
          current.map((entry) =>
            entry.clientId === clientId && entry.delivery !== 'sent'
              ? { ...entry, delivery: 'failed', error }
              : entry,
          ),
        );
      try {
        const ack = await socket.request<SendAck>(
          ClientEvents.sendMessage,
          {
            bookingId,
            receiver: item.receiver,
            content: item.content,
            clientId,
            ...(item.attachments?.length ? { attachments: item.attachments.map((file) => file._id) } : {}),
          },
          SEND_ACK_TIMEOUT_MS,
        );
        if (ack.success) {
          updateItems((current) => upsertMessage(current, { ...ack.message, delivery: 'sent' }));
        } else if (attempts.current.get(clientId) === attempt) {
          fail(ack.message || chatMessages.sendFailed);
        }
      } catch {
        // No acknowledgement. After a drop the reconnect sends it again; otherwise offer a retry.
        if (attempts.current.get(clientId) === attempt && socket.connected) fail(chatMessages.sendFailed);
      }
    },
    [bookingId, updateItems],
  );

  // loadRound is not read inside: Try Again bumps it to run this again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadRound, see above
  useEffect(() => {
    if (!connected || !connection) return;
    let active = true;
    const releaseRoom = holdBookingRoom(connection, bookingId);
    const stopListening = connection.on<ChatMessage>(ServerEvents.newMessage, (message) => {
      if (!active || message.booking !== bookingId) return;
      updateItems((current) => upsertMessage(current, { ...message, delivery: 'sent' }));
      // The chat is on screen: what the other party just wrote has been read.
      if (message.sender._id !== me._id) {
        connection
          .request(ClientEvents.markRead, { bookingId }, CHAT_HISTORY_TIMEOUT_MS)
          .then(refreshUnread, () => {});
      }
    });
    setHistory((current) => (current.state === 'loaded' ? current : { state: 'loading' }));

    (async () => {
      try {
        const joined = await connection.request<Ack>(
          ClientEvents.joinRoom,
          { bookingId },
          CHAT_HISTORY_TIMEOUT_MS,
        );
        if (!joined.success) throw new Refused(joined.message);
        const reply = await connection.request<ChatMessage[] | SocketError>(
          ClientEvents.fetchMessages,
          { bookingId },
          CHAT_HISTORY_TIMEOUT_MS,
        );
        if (!Array.isArray(reply)) throw new Refused(reply.message);
        if (!active) return;
        updateItems((current) => mergeHistory(reply, current));
        setHistory({ state: 'loaded' });
        // Fetching marked the other party's messages read.
        refreshUnread();
        for (const item of itemsRef.current) {
          if (item.delivery === 'sending' && item.clientId) void deliver(item.clientId);
        }
      } catch (error) {
        if (!active) return;
        setHistory({
          state: 'failed',
          message: error instanceof Refused && error.message ? error.message : chatMessages.historyFailed,
        });
      }
    })();

    return () => {
      active = false;
      stopListening();
      // Left only when nothing else on the page (a payment's live updates) still wants the room.
      releaseRoom();
    };
  }, [connected, connection, bookingId, me._id, updateItems, refreshUnread, deliver, loadRound]);

  /** Sends a message and its uploaded files; false when nothing was sent (blank, no receiver, not connected). */
  const send = useCallback(
    (text: string, attachments: Attachment[] = []): boolean => {
      const content = text.trim();
      if (!content && attachments.length === 0) return false;
      if (!receiverId) {
        window.alert(chatMessages.receiverUndefined);
        return false;
      }
      if (!connectionRef.current?.connected) return false;
      const clientId = newClientId();
      updateItems((current) => [
        ...current,
        {
          _id: '',
          booking: bookingId,
          sender: { _id: me._id, username: me.username },
          receiver: receiverId,
          content,
          createdAt: new Date().toISOString(),
          clientId,
          ...(attachments.length > 0 ? { attachments } : {}),
          delivery: 'sending',
        },
      ]);
      void deliver(clientId);
      return true;
    },
    [bookingId, me._id, me.username, receiverId, updateItems, deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      updateItems((current) =>
        current.map((entry) =>
          entry.clientId === clientId && entry.delivery === 'failed'
            ? { ...entry, delivery: 'sending', error: undefined }
            : entry,
        ),
      );
      void deliver(clientId);
    },
    [updateItems, deliver],
  );

  const reload = useCallback(() => {
    setHistory({ state: 'loading' });
    setLoadRound((round) => round + 1);
  }, []);

  return { items, history, connected, send, retry, reload };
}
