import { CHAT_HISTORY_TIMEOUT_MS, ClientEvents } from '@sherehe/shared/socket-events';
import { useEffect } from 'react';
import { holdBookingRoom } from './booking-rooms';
import { useSocketListener } from './use-server-event';

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
  const { connection, handlerRef } = useSocketListener(handler);

  useEffect(() => {
    if (!bookingId || !connection) return;
    const release = holdBookingRoom(connection, bookingId);
    const stop = connection.on<T>(event, (payload) => handlerRef.current(payload));
    connection.request(ClientEvents.joinRoom, { bookingId }, CHAT_HISTORY_TIMEOUT_MS).catch(() => {});
    return () => {
      stop();
      release();
    };
  }, [bookingId, connection, event, handlerRef]);
}
