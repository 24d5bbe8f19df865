import type { Lang } from '@sherehe/shared/i18n';
import { type Cents, centsFromSum } from '@sherehe/shared/money';
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from '@sherehe/shared/payments';
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import { bookings, ledgerEntries, packages, payments, plans, refunds, users } from '../../db/schema';

export type { PaymentRow };

const payers = alias(users, 'payer');
const planners = alias(users, 'planner');

export async function insertPayment(
  db: Queryable,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function lockPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1).for('update');
  return row;
}

export async function findPaymentByProviderRef(
  db: Queryable,
  providerRef: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerRef, providerRef)).limit(1);
  return row;
}

/**
 * A payment that may still complete: pending, or given up on (expired) while its provider may still
 * complete it (`may_complete_until` to come: a checkout not voided, a prompt without a final answer).
 */
export const mayStillComplete = sql`(${payments.status} = 'pending' or (${payments.status} = 'expired' and ${payments.mayCompleteUntil} > now()))`;

/**
 * The booking's payment for this purpose (or any of these) that may still complete (pending first): a
 * second start is a 409 with it.
 */
export async function findPendingPayment(
  db: Queryable,
  bookingId: string,
  purpose: PaymentPurpose | readonly PaymentPurpose[],
): Promise<PaymentRow | undefined> {
  const purposes = typeof purpose === 'string' ? [purpose] : [...purpose];
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.purpose, purposes), mayStillComplete))
    .orderBy(sql`${payments.status} = 'pending' desc`)
    .limit(1);
  return row;
}

/** Cents received for a booking so far. */
export async function sumSucceededPayments(db: Queryable, bookingId: string): Promise<Cents> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  return centsFromSum(row?.total);
}

export async function updatePayment(
  db: Queryable,
  id: string,
  values: Partial<Omit<typeof payments.$inferInsert, 'id'>>,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** Everything a receipt says: the payment, what it paid for, who paid and who was paid. */
export interface PaymentReceiptRow {
  payment: PaymentRow;
  booking: { clientId: string; plannerId: string; eventDate: string } | null;
  packageTitle: string | null;
  /** A plan's payment: the plan's name. */
  planName?: string | null;
  payer: { username: string; email: string; locale: Lang } | null;
  planner: { username: string; email: string; locale: Lang } | null;
  /** A part of the balance (an instalment): the cents left to pay once it was paid; else null. */
  leftAfterCents: Cents | null;
}

const earlier = alias(payments, 'earlier');

/**
 * An instalment's booking price less every succeeded payment of the booking completed up to it (itself
 * included), as decimal text; null for any other payment.
 */
const leftAfter = sql<
  string | null
>`case when ${payments.purpose} = 'instalment' and ${payments.status} = 'succeeded' then greatest(0, ${bookings.priceCents} - coalesce((select sum(${earlier.amountCents}) from ${payments} as ${earlier} where ${earlier.bookingId} = ${payments.bookingId} and ${earlier.status} = 'succeeded' and (${earlier.completedAt}, ${earlier.id}) <= (${payments.completedAt}, ${payments.id})), 0))::text end`;

/** What a payment was for: the package's title (as booked, if it is gone) or the plan's name. */
const paidFor = {
  packageTitle: sql<string | null>`coalesce(${packages.title}, ${bookings.packageTitle})`,
  planName: sql<string | null>`(select ${plans.name} from ${plans} where ${plans.id} = ${payments.planId})`,
};

export async function findPaymentReceipt(db: Queryable, id: string): Promise<PaymentReceiptRow | undefined> {
  const [row] = await db
    .select({
      payment: payments,
      booking: { clientId: bookings.clientId, plannerId: bookings.plannerId, eventDate: bookings.eventDate },
      ...paidFor,
      payer: { username: payers.username, email: payers.email, locale: payers.locale },
      planner: { username: planners.username, email: planners.email, locale: planners.locale },
      leftAfter,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(packages, eq(packages.id, bookings.packageId))
    .leftJoin(payers, eq(payers.id, payments.userId))
    .leftJoin(planners, eq(planners.id, bookings.plannerId))
    .where(eq(payments.id, id))
    .limit(1);
  if (!row) return undefined;
  const { leftAfter: left, ...rest } = row;
  return { ...rest, leftAfterCents: left === null ? null : centsFromSum(left) };
}

export async function findPayerContact(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Which payments a list shows: whose (one booking's, a planner's, a payer's, or all) and the filters. */
export interface PaymentFilters {
  bookingId?: string | undefined;
  /** Payments on the bookings of this planner. */
  plannerId?: string | undefined;
  /** Payments made by this user. */
  payerId?: string | undefined;
  status?: PaymentStatus | undefined;
  method?: PaymentMethod | undefined;
  /** Calendar days in Africa/Nairobi on the payment's start, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** A payment in a list, with what it was for and who paid whom. */
export interface PaymentListRow {
  payment: PaymentRow;
  packageTitle: string | null;
  /** A plan's payment: the plan's name. */
  planName: string | null;
  payer: { id: string; username: string } | null;
  planner: { id: string; username: string } | null;
  /** A booking's payment: the cents left to pay of that booking now; null for a plan's. */
  leftToPayCents: Cents | null;
}

/** What is left to pay of a payment's booking now: its price less its succeeded payments, as decimal text. */
const bookingLeftToPay = sql<
  string | null
>`case when ${payments.bookingId} is not null then greatest(0, ${bookings.priceCents} - coalesce((select sum(${earlier.amountCents}) from ${payments} as ${earlier} where ${earlier.bookingId} = ${payments.bookingId} and ${earlier.status} = 'succeeded'), 0))::text end`;

const nairobiMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Nairobi')`;

function listConditions(filters: PaymentFilters): SQL | undefined {
  const list: SQL[] = [];
  if (filters.bookingId) list.push(eq(payments.bookingId, filters.bookingId));
  if (filters.plannerId) list.push(eq(bookings.plannerId, filters.plannerId));
  if (filters.payerId) list.push(eq(payments.userId, filters.payerId));
  if (filters.status) list.push(eq(payments.status, filters.status));
  if (filters.method) list.push(eq(payments.method, filters.method));
  if (filters.from) list.push(sql`${payments.createdAt} >= ${nairobiMidnight(filters.from)}`);
  if (filters.to) list.push(sql`${payments.createdAt} < ${nairobiMidnight(filters.to)} + interval '1 day'`);
  return list.length > 0 ? and(...list) : undefined;
}

/** The payments a list shows, newest first; the booking's joins name the package and the planner. */
export async function listPayments(
  db: Queryable,
  options: { filters: PaymentFilters; limit: number; offset: number },
): Promise<PaymentListRow[]> {
  const rows = await db
    .select({
      payment: payments,
      packageTitle: sql<string | null>`coalesce(${packages.title}, ${bookings.packageTitle})`,
      planName: sql<
        string | null
      >`(select ${plans.name} from ${plans} where ${plans.id} = ${payments.planId})`,
      payer: { id: payers.id, username: payers.username },
      planner: { id: planners.id, username: planners.username },
      leftToPay: bookingLeftToPay,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(packages, eq(packages.id, bookings.packageId))
    .leftJoin(payers, eq(payers.id, payments.userId))
    .leftJoin(planners, eq(planners.id, bookings.plannerId))
    .where(listConditions(options.filters))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(({ leftToPay, ...row }) => ({
    ...row,
    leftToPayCents: leftToPay === null ? null : centsFromSum(leftToPay),
  }));
}

/**
 * The money figures of the payments a list selects, in cents, exact: the one definition every money total
 * on the admin pages is computed from (docs/money.md, Money figures).
 * - received: succeeded payments, before refunds; split into booking payments and plan payments;
 * - refunded: what succeeded refunds of those payments gave back (the ledger's refund rows);
 * - fees: the platform's fees on booking payments, less the fees given back with refunds (a plan
 *   payment carries no fee: it is all the platform's);
 * - net: what planners keep: booking payments less refunds and fees (the ledger's rows before payouts);
 * - platformRevenue: fees plus plan payments.
 */
export async function summarisePayments(db: Queryable, filters: PaymentFilters) {
  const succeeded = sql`${payments.status} = 'succeeded'`;
  const forBooking = sql`${succeeded} and ${payments.purpose} <> 'plan'`;
  // Per payment, what its succeeded refunds gave back and the fee that went back with them.
  const givenBack = db
    .select({
      paymentId: refunds.paymentId,
      refunded:
        sql<string>`-coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'refund'), 0)`.as(
          'refunded',
        ),
      feeBack:
        sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'fee_refund'), 0)`.as(
          'fee_back',
        ),
    })
    .from(ledgerEntries)
    .innerJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .groupBy(refunds.paymentId)
    .as('given_back');
  const bookingsSum = sql`coalesce(sum(${payments.amountCents}) filter (where ${forBooking}), 0)`;
  const plansSum = sql`coalesce(sum(${payments.amountCents}) filter (where ${succeeded} and ${payments.purpose} = 'plan'), 0)`;
  const refundedSum = sql`coalesce(sum(${givenBack.refunded}) filter (where ${forBooking}), 0)`;
  const feesSum = sql`(coalesce(sum(${payments.feeCents}) filter (where ${forBooking}), 0) - coalesce(sum(${givenBack.feeBack}) filter (where ${forBooking}), 0))`;
  const [row] = await db
    .select({
      total: count(),
      count: sql<number>`count(*) filter (where ${succeeded})`.mapWith(Number),
      received: sql<string>`(${bookingsSum} + ${plansSum})::text`,
      bookings: sql<string>`${bookingsSum}::text`,
      plans: sql<string>`${plansSum}::text`,
      refunded: sql<string>`${refundedSum}::text`,
      fees: sql<string>`${feesSum}::text`,
      net: sql<string>`(${bookingsSum} - ${refundedSum} - ${feesSum})::text`,
      platformRevenue: sql<string>`(${feesSum} + ${plansSum})::text`,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(givenBack, eq(givenBack.paymentId, payments.id))
    .where(listConditions(filters));
  // Sums of bigint cents arrive as numeric text: whole cents, checked to be safe integers.
  return {
    total: row?.total ?? 0,
    count: row?.count ?? 0,
    received: centsFromSum(row?.received),
    bookings: centsFromSum(row?.bookings),
    plans: centsFromSum(row?.plans),
    refunded: centsFromSum(row?.refunded),
    fees: centsFromSum(row?.fees),
    net: centsFromSum(row?.net),
    platformRevenue: centsFromSum(row?.platformRevenue),
  };
}

/** Another plan payment of the same person that succeeded, or may still complete, since this one started. */
export async function findPlanPaymentSince(
  db: Queryable,
  payment: PaymentRow,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, payment.userId),
        sql`${payments.planId} is not null`,
        sql`${payments.id} <> ${payment.id}`,
        sql`((${payments.status} = 'succeeded' and ${payments.createdAt} > ${payment.createdAt}) or ${mayStillComplete})`,
      ),
    )
    .limit(1);
  return row;
}

/** Who is told of a late payment being refunded: the payer, the booking's planner, and what it was for. */
export async function findLateRefundParties(db: Queryable, paymentId: string) {
  const row = await findPaymentReceipt(db, paymentId);
  // Every payment has its payer (an account with money records is anonymised, never removed).
  if (!row?.payer) return undefined;
  return {
    payer: row.payer,
    planner: row.planner,
    packageTitle: row.packageTitle,
    planName: row.planName ?? null,
  };
}

/** The person's plan payment that may still complete, whatever its plan: one at a time per person. */
export async function findPendingPlanPayment(db: Queryable, userId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.planId), mayStillComplete))
    .orderBy(sql`${payments.status} = 'pending' desc`)
    .limit(1);
  return row;
}
