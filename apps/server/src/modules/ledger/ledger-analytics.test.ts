import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createBookingOf, createPaymentRow, createUser } from '../../../test/factories';
import { bookings, refunds } from '../../db/schema';
import { settlePayment } from '../payments/payments.service';
import { settleRefund } from './refunds.service';

const t = useTestApp();
beforeAll(async () => {
  await t.app.jobs.stop();
});

describe('analytics: the money through the ledger', () => {
  it('adds payments received, refunds, net fees and payouts, the planner’s own and the marketplace’s', async () => {
    const db = t.database.db;
    const deps = t.app.paymentDeps;
    const admin = await createUser(db, { role: 'admin' });
    const planner = await createUser(db, { role: 'planner', planId: 'pro' });
    const client = await createUser(db, { role: 'client' });
    const { booking } = await createBookingOf(db, client, planner, {
      status: 'accepted',
      price: 10_000,
    });
    const pay = async (purpose: 'deposit' | 'balance', amount: number) => {
      const row = await createPaymentRow(db, { bookingId: booking.id, userId: client.id, purpose, amount });
      await settlePayment(deps, row.id, { status: 'succeeded', receipt: `AN${row.id.slice(0, 8)}` });
      return row;
    };
    await pay('deposit', 3000);
    const balance = await pay('balance', 7000);
    // The balance is refunded (its fee goes back with it); the deposit is earned and paid out.
    const [refund] = await db
      .insert(refunds)
      .values({ paymentId: balance.id, bookingId: booking.id, amount: 7000, rule: 'client_7_to_29_days' })
      .returning();
    await settleRefund(deps, refund!.id, { status: 'succeeded' });
    await db
      .update(bookings)
      .set({ status: 'cancelled', eventDate: '2020-03-03' })
      .where(eq(bookings.id, booking.id));
    const payout = await injectAs(t, admin, 'POST', '/api/payouts', {
      plannerId: planner.id,
      amount: 2700,
      reference: 'ANL0000001',
    });
    expect(payout.statusCode).toBe(201);

    const expected = {
      paymentsReceived: 10_000,
      bookingPayments: 10_000,
      planPayments: 0,
      refunds: 7000,
      fees: 300,
      plannersShare: 2700,
      platformRevenue: 300,
      payouts: 2700,
      owedToPlanners: 0,
    };
    const mine = await t.app.inject({ url: '/api/analytics/overview', headers: planner.headers });
    expect(mine.json().data.money).toEqual(expected);
    const all = await t.app.inject({ url: '/api/analytics/overview', headers: admin.headers });
    expect(all.json().data.money).toEqual(expected);
  });
});

describe('POST /api/payouts', () => {
  it('refuses an amount under one cent with 400 on the field, and records nothing', async () => {
    const db = t.database.db;
    const admin = await createUser(db, { role: 'admin' });
    const planner = await createUser(db, { role: 'planner' });
    for (const amount of [5e-324, 0.004]) {
      const response = await injectAs(t, admin, 'POST', '/api/payouts', {
        plannerId: planner.id,
        amount,
        reference: 'ANL0000002',
      });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'amount', message: 'amount must be at least Ksh 0.01.' }),
        ]),
      );
    }
    const listed = await t.app.inject({ url: '/api/payouts', headers: admin.headers });
    const theirs = (listed.json().payouts as Array<{ planner: { _id: string } }>).filter(
      (payout) => payout.planner._id === planner.id,
    );
    expect(theirs).toEqual([]);
  });
});
