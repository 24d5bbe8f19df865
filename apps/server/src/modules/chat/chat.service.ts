import type { SendMessagePayload } from '@sherehe/shared/socket-events';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { presentMessage } from './chat.presenter';
import {
  findBookingForChat,
  findMessageByClientId,
  insertMessageBetweenParties,
  listMessages,
  markRead,
  unreadByBooking,
  unreadCount,
} from './chat.queries';

type Actor = Pick<UserRow, 'id' | 'username'>;

export const CHAT_NOT_ALLOWED = 'You are not part of this booking.';

/** Only the booking's client and planner take part in its chat (docs/architecture.md, Chat). */
export async function loadChatBooking(db: Db, actor: Actor, bookingId: string) {
  const booking = await findBookingForChat(db, bookingId);
  if (!booking || (booking.clientId !== actor.id && booking.plannerId !== actor.id)) {
    throw new AppError('FORBIDDEN', CHAT_NOT_ALLOWED);
  }
  return booking;
}

/** The conversation, oldest first; reading it marks the other party's messages read. */
export async function fetchConversation({
  db,
  actor,
  bookingId,
}: {
  db: Db;
  actor: Actor;
  bookingId: string;
}) {
  await loadChatBooking(db, actor, bookingId);
  const rows = await listMessages(db, bookingId);
  await markRead(db, bookingId, actor.id);
  return rows.map((row) => presentMessage(row.message, row.sender));
}

/** Marks the other party's messages of a booking read; returns how many were unread. */
export async function markConversationRead({
  db,
  actor,
  bookingId,
}: {
  db: Db;
  actor: Actor;
  bookingId: string;
}) {
  await loadChatBooking(db, actor, bookingId);
  return markRead(db, bookingId, actor.id);
}

/** Unread messages to the actor: all, of one booking, or of their bookings of one package. */
export function countUnread(options: {
  db: Db;
  actor: Actor;
  scope: { bookingId?: string | null | undefined; packageId?: string | null | undefined };
}) {
  return unreadCount(options.db, options.actor.id, options.scope);
}

/** GET /api/chat/unread: unread messages to the actor, in all and per booking. */
export async function getUnreadSummary({ db, actor }: { db: Db; actor: Actor }) {
  const byBooking = await unreadByBooking(db, actor.id);
  const total = Object.values(byBooking).reduce((sum, n) => sum + n, 0);
  return { total, byBooking };
}

/**
 * Stores the message (before anyone is told of it) and returns what to emit. The parties are
 * checked by the insert itself (one round trip); a refusal stores nothing.
 */
export async function postMessage({
  db,
  actor,
  payload,
}: {
  db: Db;
  actor: Actor;
  payload: SendMessagePayload;
}) {
  const { booking, message } = await insertMessageBetweenParties(db, {
    bookingId: payload.bookingId,
    senderId: actor.id,
    receiverId: payload.receiver,
    content: payload.content,
    clientId: payload.clientId ?? null,
  });
  if (!booking || (booking.clientId !== actor.id && booking.plannerId !== actor.id)) {
    throw new AppError('FORBIDDEN', CHAT_NOT_ALLOWED);
  }
  const otherParty = booking.clientId === actor.id ? booking.plannerId : booking.clientId;
  if (payload.receiver !== otherParty) {
    throw new AppError('VALIDATION', 'The receiver must be the other party of the booking.');
  }
  const sender = { id: actor.id, username: actor.username };
  if (message) return { booking, message: presentMessage(message, sender), created: true };
  // Not stored although the parties are right: a resend of a message already stored.
  const stored = payload.clientId ? await findMessageByClientId(db, actor.id, payload.clientId) : undefined;
  if (!stored) throw new Error('message neither stored nor found');
  return { booking, message: presentMessage(stored, sender), created: false };
}
