import { MESSAGES } from '@sherehe/shared/messages';
import type { SendMessagePayload } from '@sherehe/shared/socket-events';
import type { Db, Queryable } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  type AttachmentRow,
  attachmentsOfMessages,
  claimAttachments,
  presentAttachment,
} from '../attachments';
import { presentMessage } from './chat.presenter';
import {
  findBookingForChat,
  findMessageByClientId,
  insertMessageBetweenParties,
  insertMessageInBatch,
  listMessages,
  markRead,
  unreadByBooking,
  unreadCount,
} from './chat.queries';

type Actor = Pick<UserRow, 'id' | 'username'>;

/** Only the booking's client and planner take part in its chat (docs/chat-and-files.md, Chat). */
export async function loadChatBooking(db: Db, actor: Actor, bookingId: string) {
  const booking = await findBookingForChat(db, bookingId);
  if (!booking || (booking.clientId !== actor.id && booking.plannerId !== actor.id)) {
    throw new AppError('FORBIDDEN', MESSAGES.chat.notPartOfBooking);
  }
  return booking;
}

/** The conversation, oldest first; reading it marks the other party's messages read. */
export async function fetchConversation({
  db,
  actor,
  bookingId,
  publicUrl,
}: {
  db: Db;
  actor: Actor;
  bookingId: string;
  publicUrl: string;
}) {
  await loadChatBooking(db, actor, bookingId);
  const rows = await listMessages(db, bookingId);
  await markRead(db, bookingId, actor.id);
  const files = await filesByMessage(
    db,
    rows.map((row) => row.message.id),
    publicUrl,
  );
  return rows.map((row) => presentMessage(row.message, row.sender, files.get(row.message.id)));
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
  publicUrl,
}: {
  db: Db;
  actor: Actor;
  payload: SendMessagePayload;
  publicUrl: string;
}) {
  const fileIds = [...new Set((payload.attachments ?? []).map((id) => id.toLowerCase()))];
  // A text-only message stays one round trip, shared with the other sends of the moment; one with
  // files is written in a transaction of its own.
  const write = async (tx: Queryable) => {
    const store = fileIds.length > 0 ? insertMessageBetweenParties : insertMessageInBatch;
    const sent = await store(tx, {
      bookingId: payload.bookingId,
      senderId: actor.id,
      receiverId: payload.receiver,
      content: payload.content,
      clientId: payload.clientId ?? null,
    });
    let claimed: AttachmentRow[] = [];
    if (sent.message && fileIds.length > 0) {
      // Only the sender's own files of this booking, not sent before: all of them or no message.
      claimed = await claimAttachments(tx, {
        ids: fileIds,
        messageId: sent.message.id,
        uploaderId: actor.id,
        bookingId: payload.bookingId,
      });
      if (claimed.length !== fileIds.length)
        throw new AppError('VALIDATION', MESSAGES.attachments.notSendable);
    }
    return { ...sent, files: claimed };
  };
  const { booking, message, files } = fileIds.length > 0 ? await db.transaction(write) : await write(db);
  if (!booking || (booking.clientId !== actor.id && booking.plannerId !== actor.id)) {
    throw new AppError('FORBIDDEN', MESSAGES.chat.notPartOfBooking);
  }
  const otherParty = booking.clientId === actor.id ? booking.plannerId : booking.clientId;
  if (payload.receiver !== otherParty) {
    throw new AppError('VALIDATION', MESSAGES.chat.receiverNotOtherParty);
  }
  const sender = { id: actor.id, username: actor.username };
  if (message) {
    const presented = files.map((row) => presentAttachment(row, publicUrl));
    return { booking, message: presentMessage(message, sender, presented), created: true };
  }
  // Not stored although the parties are right: a resend of a message already stored.
  const stored = payload.clientId ? await findMessageByClientId(db, actor.id, payload.clientId) : undefined;
  if (!stored) throw new Error('message neither stored nor found');
  const storedFiles = await filesByMessage(db, [stored.id], publicUrl);
  return { booking, message: presentMessage(stored, sender, storedFiles.get(stored.id)), created: false };
}

/** The files of some messages, presented, by message id. */
async function filesByMessage(db: Queryable, messageIds: string[], publicUrl: string) {
  const byMessage = new Map<string, ReturnType<typeof presentAttachment>[]>();
  for (const row of await attachmentsOfMessages(db, messageIds)) {
    if (!row.messageId) continue;
    const list = byMessage.get(row.messageId) ?? [];
    list.push(presentAttachment(row, publicUrl));
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}
