import { CHAT_HISTORY_TIMEOUT_MS, ClientEvents } from '@sherehe/shared/socket-events';
import type { ChatConnection } from '../api/chat-connection-types';

// What on this page wants each booking's room, per socket: the room is one on the server, so the
// last one to let go leaves it (a chat panel closing must not end a payment's live updates).
const holders = new WeakMap<ChatConnection, Map<string, number>>();

/**
 * Marks a booking's room as wanted on this socket (the holder joins it itself, as it needs the
 * answer); the returned release leaves the room once nothing on the page wants it any more.
 */
export function holdBookingRoom(connection: ChatConnection, bookingId: string): () => void {
  let rooms = holders.get(connection);
  if (!rooms) {
    rooms = new Map();
    holders.set(connection, rooms);
  }
  const held = rooms;
  held.set(bookingId, (held.get(bookingId) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(bookingId) ?? 1) - 1;
    if (left > 0) {
      held.set(bookingId, left);
      return;
    }
    held.delete(bookingId);
    if (connection.connected) {
      connection.request(ClientEvents.leaveRoom, { bookingId }, CHAT_HISTORY_TIMEOUT_MS).catch(() => {});
    }
  };
}
