import { CHAT_HISTORY_TIMEOUT_MS, ClientEvents } from '@sherehe/shared/socket-events';
import { useEffect, useRef } from 'react';
import { holdBookingRoom } from './booking-rooms';
import { useChat } from './use-chat';

/**
 * Hears one server event of a booking's room on the session's socket while mounted: joins the room
 * (again after every reconnect, which the server forgets) and hands `handler` each payload. Only
 * the booking's parties may join; for anyone else the join is refused and nothing arrives. Other
 * features get the events through a route that composes them (the payments' `paymentUpdated`).
 */
export function useBookingRoomEvents<T>(
  bookingId: string | null,
  event: string,
  handler: (payload: T) => void,
): void {
  const { connection, status } = useChat();
  const connected = status === 'connected' && connection !== null;
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!bookingId || !connected || !connection) return;
    const release = holdBookingRoom(connection, bookingId);
    const stop = connection.on<T>(event, (payload) => handlerRef.current(payload));
    connection.request(ClientEvents.joinRoom, { bookingId }, CHAT_HISTORY_TIMEOUT_MS).catch(() => {});
    return () => {
      stop();
      release();
    };
  }, [bookingId, connected, connection, event]);
}
