import type { Lang } from '@sherehe/shared/i18n';
import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { type SmsMessageRow, smsMessages, smsOptOuts, users } from '../../db/schema';

export interface NewSms {
  to: string;
  message: string;
  kind: string;
  subjectKey: string;
  userId?: string | undefined;
}

/** Writes the message unless its recipient already has one of that kind about that subject: its id, or undefined. */
export async function insertSmsOnce(db: Queryable, sms: NewSms): Promise<string | undefined> {
  const [row] = await db
    .insert(smsMessages)
    .values({ ...sms, userId: sms.userId ?? null })
    .onConflictDoNothing()
    .returning({ id: smsMessages.id });
  return row?.id;
}

export async function findSms(db: Queryable, id: string): Promise<SmsMessageRow | undefined> {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id));
  return row;
}

/**
 * A try's place among the messages of its number's day, taken before the provider is called: under
 * the number's lock, the messages handed to the provider since `since` (a day's start) are counted,
 * and when `limit` leaves room (none for a message that is never refused) the try is counted and the
 * message marked handed over (`sent_at`, cleared again should the try fail), all in one transaction.
 * Two tries racing for a number's last place take it one after the other: the second counts the
 * first. Whether the try may go.
 */
export async function reserveSmsTry(
  db: Db,
  sms: { id: string; to: string },
  since: Date,
  limit: number | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-number:${sms.to}`}, 0))`);
    if (limit !== undefined) {
      // Without this message itself: a try cut short (the process stopped) may have left it marked.
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(smsMessages)
        .where(and(eq(smsMessages.to, sms.to), gte(smsMessages.sentAt, since), ne(smsMessages.id, sms.id)));
      if ((row?.n ?? 0) >= limit) return false;
    }
    await tx
      .update(smsMessages)
      .set({ attempts: sql`${smsMessages.attempts} + 1`, sentAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(smsMessages.id, sms.id));
    return true;
  });
}

export async function markSmsSent(db: Queryable, id: string, providerMessageId: string): Promise<void> {
  await db
    .update(smsMessages)
    .set({
      status: 'sent',
      providerMessageId,
      failureReason: null,
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(smsMessages.id, id));
}

/** A try failed: `failed` when no try is left, else still queued with the reason of this one. */
export async function markSmsFailure(
  db: Queryable,
  id: string,
  reason: string,
  final: boolean,
): Promise<void> {
  await db
    .update(smsMessages)
    .set({
      ...(final ? { status: 'failed' as const } : {}),
      failureReason: reason.slice(0, 500),
      // Not handed over, or not known to have been: no place of its day's taken.
      sentAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(smsMessages.id, id));
}

/**
 * A delivery report: delivered, or failed with its reason; interim states (Buffered, Sent,
 * Submitted) change nothing. A delivered message is never made failed again by a late report.
 * Whether one of our messages has that id.
 */
export async function recordDelivery(
  db: Queryable,
  providerMessageId: string,
  outcome: { delivered: true } | { delivered: false; reason: string } | undefined,
): Promise<boolean> {
  const where = eq(smsMessages.providerMessageId, providerMessageId);
  if (!outcome) {
    const [row] = await db.select({ id: smsMessages.id }).from(smsMessages).where(where);
    return row !== undefined;
  }
  const rows = outcome.delivered
    ? await db
        .update(smsMessages)
        .set({ status: 'delivered', failureReason: null, deliveredAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(where, inArray(smsMessages.status, ['queued', 'sent', 'failed'])))
        .returning({ id: smsMessages.id })
    : await db
        .update(smsMessages)
        .set({ status: 'failed', failureReason: outcome.reason.slice(0, 500), updatedAt: sql`now()` })
        .where(and(where, ne(smsMessages.status, 'delivered')))
        .returning({ id: smsMessages.id });
  if (rows.length > 0) return true;
  return recordDelivery(db, providerMessageId, undefined);
}

/** The number asked for no more SMS (again: the latest word and time are kept). */
export async function insertOptOut(db: Queryable, phone: string, keyword: string): Promise<void> {
  await db
    .insert(smsOptOuts)
    .values({ phone, keyword })
    .onConflictDoUpdate({ target: smsOptOuts.phone, set: { keyword, optedOutAt: sql`now()` } });
}

export async function isOptedOut(db: Queryable, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone));
  return row !== undefined;
}

/** The verified number and language of an account that can receive SMS, or undefined. */
export async function findSmsRecipient(
  db: Queryable,
  userId: string,
): Promise<{ phone: string; locale: Lang } | undefined> {
  const [row] = await db
    .select({ phone: users.smsPhone, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.phone ? { phone: row.phone, locale: row.locale } : undefined;
}

/**
 * Whether `userId` was sent (queued, at least) an SMS of `kind` whose subject starts with
 * `subjectPrefix` in the last `withinMinutes`.
 */
export async function hadSmsWithin(
  db: Queryable,
  query: { userId: string; kind: string; subjectPrefix: string; withinMinutes: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.userId, query.userId),
        eq(smsMessages.kind, query.kind),
        sql`starts_with(${smsMessages.subjectKey}, ${query.subjectPrefix})`,
        sql`${smsMessages.createdAt} > now() - make_interval(mins => ${query.withinMinutes})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A deleted account's messages keep their kind, subject and outcome (what was sent when) but lose
 * the number and the words (docs/product-rules.md, Deleting an account). One still waiting is not sent.
 */
export async function eraseSmsOf(db: Queryable, userId: string): Promise<void> {
  await db
    .update(smsMessages)
    .set({
      to: '',
      message: '',
      status: sql`case when ${smsMessages.status} = 'queued' then 'failed'::sms_status else ${smsMessages.status} end`,
      failureReason: sql`case when ${smsMessages.status} = 'queued' then 'account deleted' else ${smsMessages.failureReason} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(smsMessages.userId, userId));
}
