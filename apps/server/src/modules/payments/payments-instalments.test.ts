import { MESSAGES } from '@sherehe/shared/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nairobiDayFromToday } from '../../../test/dates';
import { createUser } from '../../../test/factories';
import { ledgerEntries, payments, refunds } from '../../db/schema';
import {
  acceptedBooking,
  cancelBooking,
  depositPaid,
  pressCheckout,
  readPayment,
  startPayment,
  until,
  usePaymentsApp,
  type World,
} from './payments.test-support';

const t = usePaymentsApp();

const myBooking = async (w: World) =>
  (await t.app.inject({ url: '/api/bookings/my', headers: w.client.headers }))
    .json()
    .bookings.find((b: { _id: string }) => b._id === w.bookingId);

const settledPayment = (w: World, id: string) =>
  until(
    () => readPayment(t, w, id),
    (p) => p.status !== 'pending',
  );

/** Pays through the simulator: M-Pesa waits for its callback, a card presses Pay on the checkout. */
async function pay(w: World, body: Record<string, unknown>) {
  const started = await startPayment(t, w, body);
  expect(started.statusCode, started.body).toBe(201);
  const { payment } = started.json();
  if (payment.method === 'card') expect((await pressCheckout(t, payment.checkoutUrl)).status).toBe(303);
  const done = await settledPayment(w, payment._id);
  expect(done.status).toBe('succeeded');
  return done;
}

const paymentsOf = (w: World) =>
  t.database.db.select().from(payments).where(eq(payments.bookingId, w.bookingId));

const ledgerSum = async (w: World, kind: 'payment' | 'fee') => {
  const ids = (await paymentsOf(w)).map((p) => p.id);
  const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, kind));
  return rows.filter((r) => r.paymentId && ids.includes(r.paymentId)).reduce((s, r) => s + r.amountCents, 0);
};

describe('paying the balance in parts (instalments)', () => {
  it('takes the deposit, two parts, then the balance pays exactly what is left, the ledger exact to the cent', async () => {
    const w = await acceptedBooking(t);
    await pay(w, { phone: '0712 345 678' });
    expect(await myBooking(w)).toMatchObject({
      amountPaid: 3000,
      balanceDue: 7000,
      paymentStatus: 'deposit_paid',
    });
    const dueOn = (await myBooking(w)).balanceDueOn;

    const first = await pay(w, { purpose: 'instalment', amount: 2500, phone: '0712 345 678' });
    expect(first).toMatchObject({ purpose: 'instalment', method: 'mpesa', amount: 2500 });
    expect(await myBooking(w)).toMatchObject({
      amountPaid: 5500,
      balanceDue: 4500,
      paymentStatus: 'deposit_paid',
      balanceDueOn: dueOn,
    });

    const second = await pay(w, { purpose: 'instalment', amount: 1234.56, method: 'card' });
    expect(second).toMatchObject({ purpose: 'instalment', method: 'card', amount: 1234.56 });
    expect(await myBooking(w)).toMatchObject({
      amountPaid: 6734.56,
      balanceDue: 3265.44,
      balanceDueOn: dueOn,
    });

    const balance = await pay(w, { purpose: 'balance', method: 'card' });
    expect(balance.amount).toBe(3265.44);
    expect(await myBooking(w)).toMatchObject({ amountPaid: 10000, balanceDue: 0, paymentStatus: 'paid' });

    const rows = await paymentsOf(w);
    expect(rows.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([
      123_456, 250_000, 300_000, 326_544,
    ]);
    expect(await ledgerSum(w, 'payment')).toBe(1_000_000);
    expect(await ledgerSum(w, 'fee')).toBe(-rows.reduce((s, r) => s + r.feeCents, 0));
    for (const row of rows) {
      const own = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, row.id));
      expect(own.map((e) => [e.kind, e.amountCents]).sort()).toEqual(
        [
          ['fee', -row.feeCents],
          ['payment', row.amountCents],
        ].sort(),
      );
    }

    // Nothing is left: neither a part nor the balance can be started.
    const more = await startPayment(t, w, { purpose: 'instalment', amount: 1000, method: 'card' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(MESSAGES.payments.nothingDue);
  });

  it('the planner sees each part and what is left of the booking; the receipt says part of the balance and what is left', async () => {
    const w = await acceptedBooking(t);
    await depositPaid(t, w);
    const part = await pay(w, { purpose: 'instalment', amount: 1500, method: 'card' });

    const listed = await t.app.inject({ url: '/api/payments', headers: w.planner.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json();
    const item = list.payments.find((p: { _id: string }) => p._id === part._id);
    expect(item).toMatchObject({ purpose: 'instalment', amount: 1500, leftToPay: 5500 });

    const receipt = await t.app.inject({
      url: `/api/payments/${part._id}/receipt`,
      headers: w.client.headers,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain(MESSAGES.payments.purposes.instalment);
    expect(receipt.body).toContain(MESSAGES.receipts.labels.leftAfter);
    expect(receipt.body).toContain('Ksh 5,500');

    // A later part does not change what the earlier receipt says was left after it.
    const later = await pay(w, { purpose: 'instalment', amount: 2000, method: 'card' });
    expect(
      (await t.app.inject({ url: `/api/payments/${part._id}/receipt`, headers: w.client.headers })).body,
    ).toContain('Ksh 5,500');
    expect(
      (await t.app.inject({ url: `/api/payments/${later._id}/receipt`, headers: w.client.headers })).body,
    ).toContain('Ksh 3,500');
  });

  it('refuses bad amounts, a part before the deposit, on someone else’s booking and while another payment waits, writing nothing', async () => {
    const w = await acceptedBooking(t);
    const refused = async (
      body: Record<string, unknown>,
      status: number,
      message: string,
      who = w.client,
    ) => {
      const before = (await paymentsOf(w)).length;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: who.headers,
        payload: { bookingId: w.bookingId, purpose: 'instalment', method: 'card', ...body },
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
      expect(await paymentsOf(w)).toHaveLength(before);
    };

    await refused({ amount: 2000 }, 409, MESSAGES.payments.depositFirst);
    await depositPaid(t, w);
    await refused({ amount: 999 }, 400, MESSAGES.payments.instalmentTooSmall('Ksh 1,000'));
    await refused({ amount: 7000.01 }, 400, MESSAGES.payments.instalmentTooLarge('Ksh 7,000'));
    await refused({ amount: -1000 }, 400, MESSAGES.payments.amountInvalid);
    await refused({ amount: 0 }, 400, MESSAGES.payments.amountInvalid);
    await refused({ amount: 'abc' }, 400, MESSAGES.payments.amountInvalid);
    await refused({ amount: '1500' }, 400, MESSAGES.payments.amountInvalid);
    await refused({ amount: 1500.005 }, 400, MESSAGES.payments.amountInvalid);
    await refused({}, 400, MESSAGES.payments.amountRequired);
    await refused(
      { amount: 1500.5, method: 'mpesa', phone: '0712345678' },
      400,
      MESSAGES.payments.instalmentWholeShillings,
    );

    const stranger = await createUser(t.database.db, { role: 'client' });
    await refused({ amount: 1500 }, 404, MESSAGES.payments.bookingNotFound, stranger);
    await refused({ amount: 1500 }, 403, MESSAGES.payments.onlyClient, w.planner);

    // A part waiting (its card checkout open) holds up a balance and another part, and the other way round.
    const waiting = await startPayment(t, w, { purpose: 'instalment', amount: 1500, method: 'card' });
    expect(waiting.statusCode).toBe(201);
    await refused({ amount: 1500 }, 409, MESSAGES.payments.alreadyPending);
    await refused({ purpose: 'balance' }, 409, MESSAGES.payments.alreadyPending);
  });

  it('a balance waiting holds up a part; two parallel starts leave one pending', async () => {
    const w = await acceptedBooking(t);
    await depositPaid(t, w);
    const [a, b] = await Promise.all([
      startPayment(t, w, { purpose: 'balance', method: 'card' }),
      startPayment(t, w, { purpose: 'instalment', amount: 2000, method: 'card' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const pending = (await paymentsOf(w)).filter((p) => p.status === 'pending');
    expect(pending).toHaveLength(1);
  });

  it('when less than Ksh 1,000 is left, a part is exactly what is left', async () => {
    const w = await acceptedBooking(t);
    await depositPaid(t, w);
    await pay(w, { purpose: 'instalment', amount: 6500.5, method: 'card' });
    expect((await myBooking(w)).balanceDue).toBe(499.5);
    const tooLittle = await startPayment(t, w, { purpose: 'instalment', amount: 400, method: 'card' });
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().message).toBe(MESSAGES.payments.instalmentExactlyLeft('Ksh 499.50'));
    // M-Pesa rounds what is left up to the shilling, as it does a balance.
    const mpesaOdd = await startPayment(t, w, {
      purpose: 'instalment',
      amount: 499,
      method: 'mpesa',
      phone: '0712345678',
    });
    expect(mpesaOdd.json().message).toBe(MESSAGES.payments.instalmentExactlyLeft('Ksh 500'));
    await pay(w, { purpose: 'instalment', amount: 499.5, method: 'card' });
    expect(await myBooking(w)).toMatchObject({ balanceDue: 0, paymentStatus: 'paid' });
  });

  it('a client cancelling with the deposit kept gets every part of the balance back whole', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(20) });
    const deposit = await depositPaid(t, w);
    const first = await pay(w, { purpose: 'instalment', amount: 1000, method: 'card' });
    const second = await pay(w, { purpose: 'instalment', amount: 2345.67, method: 'card' });
    expect((await cancelBooking(t, w, 'client')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(rows.map((r) => [r.paymentId, r.amountCents, r.rule]).sort()).toEqual(
      [
        [first._id, 100_000, 'client_7_to_29_days'],
        [second._id, 234_567, 'client_7_to_29_days'],
      ].sort(),
    );
    expect(
      await t.database.db
        .select()
        .from(refunds)
        .where(and(eq(refunds.bookingId, w.bookingId), eq(refunds.paymentId, deposit.id))),
    ).toHaveLength(0);
  });
});
