import type { PaymentPurpose } from '@sherehe/shared/payments';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { bookings, packages, payments, users } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

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

export async function findPendingPayment(
  db: Queryable,
  bookingId: string,
  purpose: PaymentPurpose,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.bookingId, bookingId), eq(payments.purpose, purpose), eq(payments.status, 'pending')),
    )
    .limit(1);
  return row;
}

export async function listBookingPayments(db: Queryable, bookingId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt));
}

/** Ksh received for a booking so far. */
export async function sumSucceededPayments(db: Queryable, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  return Number(row?.total ?? 0);
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

/** What a payment's receipt mail names: the payer and the booked package. */
export async function findPaymentMailContext(db: Queryable, bookingId: string) {
  const [row] = await db
    .select({
      email: users.email,
      username: users.username,
      packageTitle: sql<string>`coalesce(${packages.title}, ${bookings.packageTitle})`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .leftJoin(packages, eq(packages.id, bookings.packageId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

export async function findPayerContact(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
