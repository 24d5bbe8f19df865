import type { NotificationConsentSource } from '@sherehe/shared/notifications';
import { NOTIFICATION_TOPICS } from '@sherehe/shared/notifications';
import { and, count, desc, eq, gt, isNull, min, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { notificationConsents, phoneVerifications, users } from '../../db/schema';

/**
 * Codes asked for one number, whichever account asks, wait for each other here (a transaction-long
 * lock on the number), so two accounts cannot both slip under its hourly limit.
 */
export async function lockPhoneForCodes(db: Queryable, phone: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
}

/** How many codes went out since `since`, and when the first of them did: for one account or one number. */
export async function countCodesSince(
  db: Queryable,
  by: { userId: string } | { phone: string },
  since: Date,
): Promise<{ count: number; first: Date | null }> {
  const whose =
    'userId' in by ? eq(phoneVerifications.userId, by.userId) : eq(phoneVerifications.phone, by.phone);
  const [row] = await db
    .select({ count: count(), first: min(phoneVerifications.createdAt) })
    .from(phoneVerifications)
    .where(and(whose, gt(phoneVerifications.createdAt, since)));
  return { count: row?.count ?? 0, first: row?.first ?? null };
}

/** Whether another live account has this number verified. */
export async function isPhoneVerifiedByAnother(db: Queryable, phone: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.smsPhone, phone), ne(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function insertPhoneVerification(db: Queryable, values: typeof phoneVerifications.$inferInsert) {
  await db.insert(phoneVerifications).values(values);
}

/** The account's newest code not yet used, locked: only the last one asked for counts. */
export async function lockNewestOpenCode(db: Queryable, userId: string) {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
    .limit(1)
    .for('update');
  return row && row.verifiedAt === null ? row : undefined;
}

export async function countWrongCode(db: Queryable, id: string): Promise<number> {
  const [row] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(eq(phoneVerifications.id, id))
    .returning({ attempts: phoneVerifications.attempts });
  return row?.attempts ?? 0;
}

export async function markCodeUsed(db: Queryable, id: string, at: Date) {
  await db.update(phoneVerifications).set({ verifiedAt: at }).where(eq(phoneVerifications.id, id));
}

export async function setSmsPhone(db: Queryable, userId: string, phone: string | null, at: Date | null) {
  await db
    .update(users)
    .set({ smsPhone: phone, smsPhoneVerifiedAt: at, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** One consent row per topic for SMS (append-only): given with a verified number, withdrawn with its removal. */
export async function recordSmsConsent(
  db: Queryable,
  input: { userId: string; granted: boolean; source: NotificationConsentSource; phone: string },
) {
  await db.insert(notificationConsents).values(
    NOTIFICATION_TOPICS.map((topic) => ({
      userId: input.userId,
      channel: 'sms' as const,
      topic,
      granted: input.granted,
      source: input.source,
      phone: input.phone,
    })),
  );
}
