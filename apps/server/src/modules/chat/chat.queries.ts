import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, chatMessages, users } from '../../db/schema';

/** Asked by every chat event: a prepared statement (db/prepared.ts). */
export async function findBookingForChat(db: Queryable, bookingId: string) {
  const [row] = await prepared(db, 'find_booking_for_chat', (on, name) =>
    on
      .select({
        id: bookings.id,
        clientId: bookings.clientId,
        plannerId: bookings.plannerId,
        packageId: bookings.packageId,
        packageTitle: bookings.packageTitle,
      })
      .from(bookings)
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .limit(1)
      .prepare(name),
  ).execute({ bookingId });
  return row;
}

const messageColumns = {
  message: chatMessages,
  sender: { id: users.id, username: users.username },
};

export type MessageRow = {
  message: typeof chatMessages.$inferSelect;
  sender: { id: string; username: string };
};

/** The whole conversation of a booking, oldest first. */
export function listMessages(db: Queryable, bookingId: string): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.bookingId, bookingId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/**
 * Stores a message once: a resend with the same client id (after a reconnect) returns the
 * message already stored instead of a second copy.
 */
export async function insertMessage(
  db: Queryable,
  values: {
    bookingId: string;
    senderId: string;
    receiverId: string;
    content: string;
    clientId?: string | undefined;
  },
): Promise<{ row: typeof chatMessages.$inferSelect; created: boolean }> {
  const [inserted] = await prepared(db, 'insert_chat_message', (on, name) =>
    on
      .insert(chatMessages)
      .values({
        bookingId: sql.placeholder('bookingId'),
        senderId: sql.placeholder('senderId'),
        receiverId: sql.placeholder('receiverId'),
        content: sql.placeholder('content'),
        clientId: sql.placeholder('clientId'),
      })
      .onConflictDoNothing()
      .returning()
      .prepare(name),
  ).execute({ ...values, clientId: values.clientId ?? null });
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, values.senderId), eq(chatMessages.clientId, values.clientId ?? '')))
    .limit(1);
  if (!existing) throw new Error('message neither inserted nor found');
  return { row: existing, created: false };
}

/** Marks the messages of a booking sent to the reader as read. */
export async function markRead(db: Queryable, bookingId: string, readerId: string): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.bookingId, bookingId),
        eq(chatMessages.receiverId, readerId),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

/** Unread messages to a user: all, of one booking, or of their bookings of one package. */
export async function unreadCount(
  db: Queryable,
  userId: string,
  scope: { bookingId?: string | null | undefined; packageId?: string | null | undefined },
): Promise<number> {
  const conditions = [eq(chatMessages.receiverId, userId), isNull(chatMessages.readAt)];
  if (scope.bookingId) conditions.push(eq(chatMessages.bookingId, scope.bookingId));
  if (scope.packageId) {
    conditions.push(
      inArray(
        chatMessages.bookingId,
        db
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              eq(bookings.packageId, scope.packageId),
              or(eq(bookings.clientId, userId), eq(bookings.plannerId, userId)),
            ),
          ),
      ),
    );
  }
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(...conditions));
  return row?.n ?? 0;
}

export async function unreadByBooking(db: Queryable, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ bookingId: chatMessages.bookingId, n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.receiverId, userId), isNull(chatMessages.readAt)))
    .groupBy(chatMessages.bookingId);
  return Object.fromEntries(rows.map((row) => [row.bookingId, row.n]));
}
