import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nairobiDayFromToday } from '../../../test/dates';
import { createPaymentRow } from '../../../test/factories';
import { jobs, ledgerEntries, refunds } from '../../db/schema';
import { settlePayment } from '../payments/payments.service';
import {
  acceptedBooking,
  cancelBooking,
  payBySimulator,
  pressCheckout,
  settled,
  startPayment,
  until,
  usePaymentsApp,
  type World,
} from '../payments/payments.test-support';
import { runRefundJob } from './refunds.service';

const t = usePaymentsApp();

const pay = (w: World, purpose: 'deposit' | 'balance') => payBySimulator(t, w, purpose);

const cancel = (w: World, who: 'client' | 'planner') => cancelBooking(t, w, who);

const preview = async (w: World, who: 'client' | 'planner' = 'client') =>
  (
    await t.app.inject({ url: `/api/bookings/${w.bookingId}/refund-preview`, headers: w[who].headers })
  ).json();

const refundsOf = async (w: World, who: 'client' | 'planner' = 'client') =>
  (await t.app.inject({ url: `/api/bookings/${w.bookingId}/refunds`, headers: w[who].headers })).json()
    .refunds as Array<{
    amount: number;
    rule: string;
    status: string;
    ruleText: string;
  }>;

const bookingOf = async (w: World) =>
  (await t.app.inject({ url: '/api/bookings/my', headers: w.client.headers }))
    .json()
    .bookings.find((b: { _id: string }) => b._id === w.bookingId);

const ledgerOf = (w: World) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, w.bookingId));

describe('refunds on cancellation', () => {
  it('a client cancelling 30+ days ahead: shown first, sent back by M-Pesa reversal, written in the ledger, mailed', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(45) });
    const deposit = await pay(w, 'deposit');
    expect(await ledgerOf(w)).toEqual(
      expect.arrayContaining([
        { kind: 'payment', amount: 3000 },
        { kind: 'fee', amount: -300 },
      ]),
    );

    expect((await preview(w)).preview).toMatchObject({
      rule: 'client_30_days_or_more',
      amountPaid: 3000,
      amount: 3000,
      kept: 0,
    });
    expect((await cancel(w, 'client')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentId: deposit._id, amount: 3000, rule: 'client_30_days_or_more' });

    const done = await until(
      () => refundsOf(w),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(done).toEqual([expect.objectContaining({ amount: 3000, status: 'succeeded' })]);
    // The planner sees it as well.
    expect(await refundsOf(w, 'planner')).toHaveLength(1);
    const booking = await bookingOf(w);
    expect(booking).toMatchObject({ amountPaid: 3000, amountRefunded: 3000, paymentStatus: 'refunded' });
    const ledger = await ledgerOf(w);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { kind: 'refund', amount: -3000 },
        { kind: 'fee_refund', amount: 300 },
      ]),
    );
    expect(ledger.reduce((sum, e) => sum + Math.round(e.amount * 100), 0)).toBe(0);
    const mail = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), eq(jobs.uniqueKey, `refund-mail:${rows[0]!.id}`)));
    expect(mail).toHaveLength(1);
    // Once sent, a mail job keeps only its address and subject.
    expect(mail[0]!.payload).toMatchObject({
      to: w.client.email,
      subject: expect.stringMatching(/^Your refund for /),
    });

    // The job and a replayed run send nothing twice: one refund row, still succeeded.
    const again = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(again).toHaveLength(1);
  });

  it('a client cancelling 7–29 days ahead keeps the deposit: only the balance goes back', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(10) });
    await pay(w, 'deposit');
    const balance = await pay(w, 'balance');
    expect((await preview(w)).preview).toMatchObject({
      rule: 'client_7_to_29_days',
      amountPaid: 10_000,
      amount: 7000,
      kept: 3000,
    });
    // The planner would refund everything.
    expect((await preview(w, 'planner')).preview).toMatchObject({
      rule: 'cancelled_by_planner',
      amount: 10_000,
    });
    await cancel(w, 'client');
    const list = await until(
      () => refundsOf(w),
      (l) => l[0]?.status === 'succeeded',
    );
    expect(list).toEqual([expect.objectContaining({ amount: 7000, rule: 'client_7_to_29_days' })]);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(rows.map((r) => r.paymentId)).toEqual([balance._id]);
    expect(await bookingOf(w)).toMatchObject({ amountRefunded: 7000, paymentStatus: 'partially_refunded' });
  });

  it('a client cancelling under 7 days ahead gets nothing back; no refund is written', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(3) });
    await pay(w, 'deposit');
    expect((await preview(w)).preview).toMatchObject({ rule: 'client_under_7_days', amount: 0, kept: 3000 });
    await cancel(w, 'client');
    expect(await refundsOf(w)).toEqual([]);
    expect(await bookingOf(w)).toMatchObject({ paymentStatus: 'deposit_paid', amountRefunded: 0 });
  });

  it('a planner cancelling refunds everything, whenever', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(2) });
    await pay(w, 'deposit');
    await cancel(w, 'planner');
    const list = await until(
      () => refundsOf(w, 'planner'),
      (l) => l[0]?.status === 'succeeded',
    );
    expect(list).toEqual([expect.objectContaining({ amount: 3000, rule: 'cancelled_by_planner' })]);
  });

  it('a card payment goes back by a Paystack refund, settled by its webhook', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(50) });
    const started = await startPayment(t, w, { method: 'card' });
    await pressCheckout(t, started.json().payment.checkoutUrl, 'pay');
    expect((await settled(t, w, started.json().payment._id)).status).toBe('succeeded');
    await cancel(w, 'planner');
    const list = await until(
      () => refundsOf(w),
      (l) => l[0]?.status === 'succeeded',
    );
    expect(list).toEqual([expect.objectContaining({ amount: 3000, status: 'succeeded' })]);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(row!.providerRef).toBeTruthy();
  });

  it('a payment that succeeds after its booking was cancelled is refunded in full, and a refund is sent once', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(5) });
    const late = await createPaymentRow(t.database.db, {
      bookingId: w.bookingId,
      userId: w.client.id,
      purpose: 'deposit',
      method: 'mpesa',
      amount: 3000,
      providerRef: `ws_CO_late_${w.bookingId}`,
    });
    await cancel(w, 'client');
    // Nothing was paid when it was cancelled: no refund.
    expect(await refundsOf(w)).toEqual([]);
    await settlePayment(t.app.paymentDeps, late.id, { status: 'succeeded', receipt: `LATE${Date.now()}` });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(refund).toMatchObject({ paymentId: late.id, amount: 3000, rule: 'paid_after_cancellation' });
    // Once the job has sent it (the simulator refuses a receipt it never issued, so it ends failed),
    // running the job again sends nothing more.
    const done = await until(
      async () => (await t.database.db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]!,
      (r) => r.status !== 'pending',
    );
    await runRefundJob({ ...t.app.paymentDeps }, refund!.id);
    const after = (await t.database.db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]!;
    expect(after).toEqual(done);
  });

  it('someone with no part in the booking learns nothing of its refunds', async () => {
    const w = await acceptedBooking(t);
    const other = await acceptedBooking(t);
    const answer = await t.app.inject({
      url: `/api/bookings/${w.bookingId}/refunds`,
      headers: other.client.headers,
    });
    expect(answer.statusCode).toBe(404);
  });
});
