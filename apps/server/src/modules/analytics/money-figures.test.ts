import { todayInNairobi } from '@sherehe/shared/dates';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import {
  createBookingRow,
  createPackage,
  createPaymentRow,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { payments, refunds } from '../../db/schema';
import { settleRefund } from '../ledger/refunds.service';
import { settlePayment } from '../payments/payments.service';

/**
 * Every money figure on the admin pages by one definition: a small marketplace is seeded (a wedding
 * paid in full and completed, a cancelled booking whose deposit was refunded, a deposit on an open
 * booking, a plan payment and a payout) and the Payments totals, Analytics, earnings and payouts are
 * read through the API and checked against each other and against the rows. PLATFORM_FEE_PERCENT 10.
 */
let admin: TestUser;
let amani: TestUser;
let baraka: TestUser;
let wanjiku: TestUser;
let otieno: TestUser;

const get = async (url: string, user: TestUser) => {
  const response = await t.app.inject({ url, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const t = useTestApp();
beforeAll(async () => {
  await t.app.jobs.stop();
  const db = t.database.db;
  const deps = t.app.paymentDeps;
  admin = await createUser(db, { role: 'admin' });
  amani = await createUser(db, { role: 'planner', planId: 'pro', username: 'Amani Events' });
  baraka = await createUser(db, { role: 'planner', planId: 'pro', username: 'Baraka Decor' });
  wanjiku = await createUser(db, { role: 'client', username: 'Wanjiku' });
  otieno = await createUser(db, { role: 'client', username: 'Otieno' });

  const booking = async (planner: TestUser, client: TestUser, price: number, eventDate: string) => {
    const pkg = await createPackage(db, { plannerId: planner.id });
    return createBookingRow(db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      status: 'accepted',
      price,
      eventDate,
    });
  };
  const pay = async (
    row: { id: string; clientId: string },
    purpose: 'deposit' | 'balance',
    amount: number,
    method: 'mpesa' | 'card' = 'mpesa',
  ) => {
    const payment = await createPaymentRow(db, {
      bookingId: row.id,
      userId: row.clientId,
      purpose,
      method,
      amount,
    });
    await settlePayment(deps, payment.id, { status: 'succeeded', receipt: `MF${payment.id.slice(0, 8)}` });
  };

  // The wedding: Ksh 450,000, its day three days ago, paid in full (deposit by M-Pesa, balance by
  // card), then completed by its planner.
  const wedding = await booking(amani, wanjiku, 450_000, nairobiDayFromToday(-3));
  await pay(wedding, 'deposit', 135_000);
  await pay(wedding, 'balance', 315_000, 'card');
  const completed = await injectAs(t, amani, 'PATCH', `/api/bookings/${wedding.id}`, { status: 'completed' });
  expect(completed.statusCode, completed.body).toBe(200);

  // A party cancelled by its planner: its Ksh 6,000 deposit is refunded in full.
  const party = await booking(baraka, otieno, 20_000, nairobiDayFromToday(40));
  await pay(party, 'deposit', 6000);
  const cancelled = await injectAs(t, baraka, 'PATCH', `/api/bookings/${party.id}`, { status: 'cancelled' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const [refund] = await db.select().from(refunds).where(eq(refunds.bookingId, party.id));
  await settleRefund(deps, refund!.id, { status: 'succeeded' });

  // An open booking with its Ksh 3,000 deposit paid.
  await pay(await booking(amani, otieno, 10_000, nairobiDayFromToday(60)), 'deposit', 3000);

  // Wanjiku pays 30 days of Basic: $10 at Ksh 130.
  const [plan] = await db
    .insert(payments)
    .values({
      bookingId: null,
      planId: 'basic',
      userId: wanjiku.id,
      purpose: 'plan',
      method: 'mpesa',
      amount: 1300,
    })
    .returning();
  await settlePayment(deps, plan!.id, { status: 'succeeded', receipt: 'MFPLAN0001' });

  // Amani is paid out Ksh 100,000 of the wedding's earnings.
  const payout = await injectAs(t, admin, 'POST', '/api/payouts', {
    plannerId: amani.id,
    amount: 100_000,
    reference: 'MFP0000001',
  });
  expect(payout.statusCode, payout.body).toBe(201);
});

describe('the admin pages’ money figures', () => {
  it('agree with each other and with the rows, for the marketplace', async () => {
    const list = await get('/api/payments', admin);
    const analytics = (await get('/api/analytics/overview', admin)).data;
    const payouts = await get('/api/payouts', admin);

    // The rows themselves, in cents.
    const cents = (ksh: number) => Math.round(ksh * 100);
    const succeeded = list.payments.filter((p: { status: string }) => p.status === 'succeeded');
    const sumOf = (rows: Array<{ amount: number }>) =>
      rows.reduce((sum, row) => sum + cents(row.amount), 0) / 100;
    expect(list.summary.count).toBe(succeeded.length);
    expect(list.summary.received).toBe(sumOf(succeeded));
    expect(list.summary.plans).toBe(
      sumOf(succeeded.filter((p: { purpose: string }) => p.purpose === 'plan')),
    );

    // The figures, by their definitions.
    expect(list.summary).toEqual({
      count: 5,
      received: 460_300,
      bookings: 459_000,
      plans: 1300,
      refunded: 6000,
      // 10 % of the booking payments (45,000 + 600 + 300), less the 600 given back with the refund.
      fees: 45_300,
      // What planners keep: 459,000 − 6,000 − 45,300.
      net: 407_700,
      // Fees and plan payments: 45,300 + 1,300.
      platformRevenue: 46_600,
    });
    expect(analytics.money).toEqual({
      paymentsReceived: list.summary.received,
      bookingPayments: list.summary.bookings,
      planPayments: list.summary.plans,
      refunds: list.summary.refunded,
      fees: list.summary.fees,
      plannersShare: list.summary.net,
      platformRevenue: list.summary.platformRevenue,
      payouts: 100_000,
      owedToPlanners: 307_700,
    });

    // Payouts: what is owed is the planners' balances; what was paid out, the payouts listed.
    const owed =
      payouts.planners.reduce((sum: number, p: { balance: number }) => sum + cents(p.balance), 0) / 100;
    expect(owed).toBe(analytics.money.owedToPlanners);
    const paidOut =
      payouts.payouts.reduce((sum: number, p: { amount: number }) => sum + cents(p.amount), 0) / 100;
    expect(paidOut).toBe(analytics.money.payouts);

    // Total revenue is the completed wedding's price, and its months add up to it.
    expect(analytics.totalRevenue).toBe(450_000);
    const months = analytics.revenueByMonth as Array<{ month: string; revenue: number }>;
    expect(months.reduce((sum, m) => sum + cents(m.revenue), 0) / 100).toBe(analytics.totalRevenue);
    const weddingMonth = nairobiDayFromToday(-3).slice(0, 7);
    expect(months.find((m) => m.month === weddingMonth)?.revenue).toBe(450_000);
    expect(months.at(-1)?.month).toBe(todayInNairobi().slice(0, 7));
  });

  it('agree for each planner: their Payments totals, Analytics and earnings', async () => {
    for (const [planner, owed] of [
      [amani, 307_700],
      [baraka, 0],
    ] as const) {
      const summary = (await get('/api/payments', planner)).summary;
      const money = (await get('/api/analytics/overview', planner)).data.money;
      const earnings = await get('/api/earnings', planner);
      expect(money).toMatchObject({
        paymentsReceived: summary.received,
        refunds: summary.refunded,
        fees: summary.fees,
        plannersShare: summary.net,
        planPayments: 0,
        owedToPlanners: owed,
      });
      expect(earnings.balance).toBe(money.owedToPlanners);
    }
  });

  it('shows a plan payment as a plan payment: who paid and which plan, no planner, no package, no fee', async () => {
    const list = await get('/api/payments', admin);
    const plan = list.payments.find((p: { purpose: string }) => p.purpose === 'plan');
    expect(plan).toMatchObject({
      planName: 'Basic',
      client: { _id: wanjiku.id, username: 'Wanjiku' },
      planner: null,
      packageTitle: null,
      fee: 0,
      net: 0,
      amount: 1300,
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.purpose, 'plan'));
    expect(row!.fee).toBe(0);
  });

  it('leave no completed booking out of Revenue by month, even one completed before its day', async () => {
    // Completed 45 days ahead of its event, as was possible before completion waited for the day.
    const pkg = await createPackage(t.database.db, { plannerId: baraka.id });
    const ahead = nairobiDayFromToday(45);
    await createBookingRow(t.database.db, {
      clientId: otieno.id,
      packageId: pkg.id,
      plannerId: baraka.id,
      status: 'completed',
      price: 315_000,
      eventDate: ahead,
    });
    const analytics = (await get('/api/analytics/overview', admin)).data;
    expect(analytics.totalRevenue).toBe(765_000);
    const months = analytics.revenueByMonth as Array<{ month: string; revenue: number }>;
    expect(months.reduce((sum, m) => sum + Math.round(m.revenue * 100), 0) / 100).toBe(765_000);
    expect(months.at(-1)).toMatchObject({ month: ahead.slice(0, 7), revenue: 315_000 });
  });
});
