import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  attachments,
  bookings,
  ledgerEntries,
  notificationConsents,
  packageImages,
  packages,
  passwordResetTokens,
  payments,
  payouts,
  phoneVerifications,
  users,
} from '../../db/schema';

/**
 * Every booking the user is a party to (client or planner), locked in id order, each with whether
 * money was ever asked for on it (any payment, whatever its status: then it is a money record).
 */
export async function lockBookingsOfUser(db: Queryable, userId: string) {
  const rows = await db
    .select()
    .from(bookings)
    .where(or(eq(bookings.clientId, userId), eq(bookings.plannerId, userId)))
    .orderBy(asc(bookings.id))
    .for('update');
  if (rows.length === 0) return [];
  const paid = await db
    .selectDistinct({ bookingId: payments.bookingId })
    .from(payments)
    .where(
      inArray(
        payments.bookingId,
        rows.map((row) => row.id),
      ),
    );
  const withMoney = new Set(paid.map((row) => row.bookingId));
  return rows.map((booking) => ({ booking, hasMoney: withMoney.has(booking.id) }));
}

/** Deletes bookings (never one with money: the foreign keys refuse); returns their chat files' keys. */
export async function deleteBookingsWithoutMoney(db: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const files = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(inArray(attachments.bookingId, ids));
  await db.delete(bookings).where(inArray(bookings.id, ids));
  return files.map((row) => row.key);
}

/** Files the user uploaded but never sent (in a booking that stays); returns their keys. */
export async function deleteUnsentAttachmentsOf(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .delete(attachments)
    .where(and(eq(attachments.uploaderId, userId), isNull(attachments.messageId)))
    .returning({ key: attachments.storageKey });
  return rows.map((row) => row.key);
}

/**
 * Takes the user's packages out of the catalogue: deleted (their reviews and photo rows with them;
 * bookings keep the title they were booked under). Returns the keys of every photo they had.
 */
export async function deletePackagesOf(
  db: Queryable,
  plannerId: string,
): Promise<{ images: string[]; packageIds: string[] }> {
  const photos = await db
    .select({ key: packageImages.storageKey })
    .from(packageImages)
    .innerJoin(packages, eq(packages.id, packageImages.packageId))
    .where(eq(packages.plannerId, plannerId))
    // A photo being added waits for the deletion (and then finds no package), so none is missed.
    .for('update', { of: packages });
  const rows = await db
    .delete(packages)
    .where(eq(packages.plannerId, plannerId))
    .returning({ id: packages.id, image: packages.image });
  const keys = [...photos.map((row) => row.key), ...rows.flatMap((row) => (row.image ? [row.image] : []))];
  return { images: [...new Set(keys)], packageIds: rows.map((row) => row.id) };
}

/**
 * The account's password reset links and phone verification codes; its notice consent records stay,
 * without the number (the other modules' personal rows go by `user.deleted`).
 */
export async function deletePersonalRows(db: Queryable, userId: string) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  await db.update(notificationConsents).set({ phone: null }).where(eq(notificationConsents.userId, userId));
}

/** Whether a money record (or a booking kept for one) still names the user. */
export async function hasMoneyRecords(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(bookings)
              .where(or(eq(bookings.clientId, userId), eq(bookings.plannerId, userId))),
          ),
          exists(db.select({ one: sql`1` }).from(payments).where(eq(payments.userId, userId))),
          exists(db.select({ one: sql`1` }).from(ledgerEntries).where(eq(ledgerEntries.plannerId, userId))),
          exists(db.select({ one: sql`1` }).from(payouts).where(eq(payouts.plannerId, userId))),
        ),
      ),
    );
  return row !== undefined;
}

export async function removeUserRow(db: Queryable, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
