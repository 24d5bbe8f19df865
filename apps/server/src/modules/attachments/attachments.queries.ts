import { and, asc, eq, inArray, isNotNull, isNull, sum } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { attachments, bookings } from '../../db/schema';

export type AttachmentRow = typeof attachments.$inferSelect;

/** The booking's parties, or undefined for an unknown booking. */
export async function findBookingParties(db: Queryable, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id, clientId: bookings.clientId, plannerId: bookings.plannerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** The booking's parties, its row locked so two uploads cannot both pass the booking's byte limit. */
export async function lockBookingParties(db: Queryable, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id, clientId: bookings.clientId, plannerId: bookings.plannerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row;
}

/** Bytes the booking's files take, sent or not. */
export async function bookingAttachmentBytes(db: Queryable, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(attachments.size) })
    .from(attachments)
    .where(eq(attachments.bookingId, bookingId));
  return Number(row?.total ?? 0);
}

export async function insertAttachment(
  db: Queryable,
  values: Pick<
    typeof attachments.$inferInsert,
    'bookingId' | 'uploaderId' | 'name' | 'type' | 'size' | 'storageKey'
  >,
): Promise<AttachmentRow> {
  const [row] = await db.insert(attachments).values(values).returning();
  if (!row) throw new Error('attachment not stored');
  return row;
}

/** An attachment with its booking's parties. */
export async function findAttachment(db: Queryable, id: string) {
  const [row] = await db
    .select({ attachment: attachments, clientId: bookings.clientId, plannerId: bookings.plannerId })
    .from(attachments)
    .innerJoin(bookings, eq(bookings.id, attachments.bookingId))
    .where(eq(attachments.id, id))
    .limit(1);
  return row;
}

/**
 * Ties files to a sent message: only the sender's own, of the same booking, not yet sent. Returns
 * those tied; fewer than asked means some were not sendable (the caller rolls back).
 */
export function claimAttachments(
  db: Queryable,
  values: { ids: string[]; messageId: string; uploaderId: string; bookingId: string },
): Promise<AttachmentRow[]> {
  return db
    .update(attachments)
    .set({ messageId: values.messageId })
    .where(
      and(
        inArray(attachments.id, values.ids),
        eq(attachments.uploaderId, values.uploaderId),
        eq(attachments.bookingId, values.bookingId),
        isNull(attachments.messageId),
      ),
    )
    .returning();
}

/** The files of some messages, in upload order. */
export function attachmentsOfMessages(db: Queryable, messageIds: string[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attachments)
    .where(inArray(attachments.messageId, messageIds))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** Everything sent in a booking's chat, oldest first (its "Files" list). */
export function sentAttachmentsOfBooking(db: Queryable, bookingId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.bookingId, bookingId), isNotNull(attachments.messageId)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** Deletes the files of a package's bookings (the bookings stay); returns their storage keys. */
export async function deleteAttachmentsOfPackage(db: Queryable, packageId: string): Promise<string[]> {
  const rows = await db
    .delete(attachments)
    .where(
      inArray(
        attachments.bookingId,
        db.select({ id: bookings.id }).from(bookings).where(eq(bookings.packageId, packageId)),
      ),
    )
    .returning({ key: attachments.storageKey });
  return rows.map((row) => row.key);
}

/** Deletes a file's row if it was never sent; returns its storage key then. */
export async function deleteUnsentAttachment(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db
    .delete(attachments)
    .where(and(eq(attachments.id, id), isNull(attachments.messageId)))
    .returning({ key: attachments.storageKey });
  return row?.key;
}
