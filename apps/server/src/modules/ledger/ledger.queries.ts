import { type Cents, centsFromSum } from '@sherehe/shared/money';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { bookings, ledgerEntries, payments, payouts, plans, refunds, users } from '../../db/schema';

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

/** Writes ledger rows; a row already written (same kind and payment, refund or payout) is left as it is. */
export async function insertLedgerEntries(db: Queryable, rows: Array<typeof ledgerEntries.$inferInsert>) {
  if (rows.length === 0) return;
  await db.insert(ledgerEntries).values(rows).onConflictDoNothing();
}

/**
 * Whether a ledger row counts as payable on `today` (a Nairobi day): a payout always; a booking's row
 * once the booking is completed or cancelled and its event day has passed (one day after the event),
 * except the rows of a payment whose refund has not succeeded yet (held until it has).
 */
const payableRow = (today: string) => sql`(
  ${ledgerEntries.kind} = 'payout'
  or exists (
    select 1 from ${bookings} b
    where b.id = ${ledgerEntries.bookingId} and b.status in ('completed', 'cancelled') and b.event_date < ${today}::date
  ) and not exists (
    select 1 from ${refunds} r
    where r.payment_id = ${ledgerEntries.paymentId} and r.status <> 'succeeded'
  )
)`;

export interface BalanceRow {
  plannerId: string;
  /** Cents, summed by the database. */
  total: Cents;
  payable: Cents;
  entries: number;
}

/** Each planner's balance (or one planner's): the sum of their rows, and of those payable today. */
export async function plannerBalances(
  db: Queryable,
  options: { today: string; plannerId?: string },
): Promise<BalanceRow[]> {
  return db
    .select({
      plannerId: ledgerEntries.plannerId,
      // Sums of bigint are numeric: read as text, whole and safe cents through the money module.
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text`.mapWith(centsFromSum),
      payable:
        sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${payableRow(options.today)}), 0)::text`.mapWith(
          centsFromSum,
        ),
      entries: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(options.plannerId ? eq(ledgerEntries.plannerId, options.plannerId) : undefined)
    .groupBy(ledgerEntries.plannerId);
}

/** A planner's ledger rows, newest first, with the booking's package title. */
export async function listLedgerEntries(db: Queryable, plannerId: string, limit: number) {
  return db
    .select({ entry: ledgerEntries, packageTitle: bookings.packageTitle })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(eq(ledgerEntries.plannerId, plannerId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}

export async function insertPayout(db: Queryable, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(values).returning();
  return row!;
}

export async function listPayouts(db: Queryable, options: { plannerId?: string; limit: number }) {
  return db
    .select({ payout: payouts, planner: { id: users.id, username: users.username } })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.plannerId))
    .where(options.plannerId ? eq(payouts.plannerId, options.plannerId) : undefined)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(options.limit);
}

/** Locks a planner's user row: payouts to one planner queue on it, so two cannot both spend one balance. */
export async function lockPlanner(db: Queryable, plannerId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, plannerId))
    .limit(1)
    .for('update');
  return row;
}

export async function findUsernames(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, username: users.username }).from(users).where(sql`${users.id} in ${ids}`);
}

// Refunds

export async function insertRefund(db: Queryable, values: typeof refunds.$inferInsert) {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lockRefund(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1).for('update');
  return row;
}

export async function findRefundByProviderRef(db: Queryable, providerRef: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerRef, providerRef)).limit(1);
  return row;
}

export async function findRefundOfPaymentRef(db: Queryable, paymentProviderRef: string) {
  const [row] = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.providerRef, paymentProviderRef))
    .limit(1);
  return row?.refund;
}

export async function updateRefund(
  db: Queryable,
  id: string,
  values: Partial<Omit<typeof refunds.$inferInsert, 'id'>>,
): Promise<RefundRow> {
  const [row] = await db
    .update(refunds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(refunds.id, id))
    .returning();
  return row!;
}

/** A booking's succeeded payments that have no refund yet (what a cancellation may give back). */
export async function unrefundedPayments(db: Queryable, bookingId: string) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'succeeded'),
        sql`not exists (select 1 from ${refunds} r where r.payment_id = ${payments.id})`,
      ),
    );
}

/** The refunds of a payment not yet sent to its provider (no reference back), for their job to go now. */
export async function unsentRefundIds(db: Queryable, paymentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending'), isNull(refunds.providerRef)));
  return rows.map((row) => row.id);
}

export async function listBookingRefunds(db: Queryable, bookingId: string) {
  return db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(desc(refunds.createdAt));
}

/** Everything a refund's job and mail need: the refund, its payment, and the booking's parties. */
export async function findRefundContext(db: Queryable, id: string) {
  const [row] = await db
    .select({
      refund: refunds,
      payment: payments,
      booking: { id: bookings.id, plannerId: bookings.plannerId, packageTitle: bookings.packageTitle },
      client: { email: users.email, username: users.username, locale: users.locale },
      /** A plan payment's refund (no booking): the plan's name. */
      planName: sql<
        string | null
      >`(select ${plans.name} from ${plans} where ${plans.id} = ${payments.planId})`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(bookings, eq(bookings.id, refunds.bookingId))
    // The booking's client, or the payer of a plan payment.
    .innerJoin(users, eq(users.id, sql`coalesce(${bookings.clientId}, ${payments.userId})`))
    .where(eq(refunds.id, id))
    .limit(1);
  return row;
}

/** What payouts have paid (one planner's, or everyone's), in cents. */
export async function payoutsTotal(db: Queryable, plannerId?: string): Promise<Cents> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amountCents}), 0)::text` })
    .from(payouts)
    .where(plannerId ? eq(payouts.plannerId, plannerId) : undefined);
  return centsFromSum(row?.total);
}
