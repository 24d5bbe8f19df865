import { MESSAGES } from '@sherehe/shared/messages';
import type { PaymentListItem, PaymentListResponse } from '@sherehe/shared/schemas/payments';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { createPaymentRow, createUser, type TestUser } from '../../../test/factories';
import { packages, type payments } from '../../db/schema';
import { acceptedBooking, type World } from './payments.test-support';

let admin: TestUser;

const t = useTestApp();
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
});

const list = (user: TestUser, query = '') =>
  t.app.inject({ url: `/api/payments${query ? `?${query}` : ''}`, headers: user.headers });
const listed = async (user: TestUser, query = '') => {
  const response = await list(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PaymentListResponse;
};
const ids = (body: PaymentListResponse) => body.payments.map((p) => p._id);

/** A payment on a booking, paid by its client, started at `at`. */
const paymentOn = (
  w: World,
  at: string,
  values: Partial<Omit<typeof payments.$inferInsert, 'bookingId' | 'userId'>> = {},
) =>
  createPaymentRow(t.database.db, {
    bookingId: w.bookingId,
    userId: w.client.id,
    createdAt: new Date(at),
    ...values,
  });

describe('GET /api/payments: whose payments', () => {
  it('an admin sees every payment, a planner those on their bookings, a client what they paid', async () => {
    const planner = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
    const otherPlanner = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
    const mine = await acceptedBooking(t, { planner });
    const another = await acceptedBooking(t, { planner });
    const elsewhere = await acceptedBooking(t, { planner: otherPlanner });
    const a = await paymentOn(mine, '2024-01-10T09:00:00Z', { status: 'succeeded' });
    const b = await paymentOn(another, '2024-01-11T09:00:00Z', {
      status: 'failed',
      failureReason: 'wrong_pin',
    });
    const c = await paymentOn(elsewhere, '2024-01-12T09:00:00Z');

    expect(ids(await listed(planner))).toEqual([b.id, a.id]);
    expect(ids(await listed(otherPlanner))).toEqual([c.id]);
    expect(ids(await listed(mine.client))).toEqual([a.id]);
    expect(ids(await listed(elsewhere.client))).toEqual([c.id]);
    const everyone = ids(await listed(admin, 'from=2024-01-10&to=2024-01-12'));
    expect(everyone).toEqual([c.id, b.id, a.id]);
  });

  it("with a booking: that booking's payments for its client, its planner and admins; 404 for anyone else", async () => {
    const w = await acceptedBooking(t);
    const other = await acceptedBooking(t);
    const p = await paymentOn(w, '2024-02-01T09:00:00Z');
    await paymentOn(other, '2024-02-01T10:00:00Z');
    for (const user of [w.client, w.planner, admin]) {
      expect(ids(await listed(user, `booking=${w.bookingId}`))).toEqual([p.id]);
    }
    for (const user of [other.client, other.planner]) {
      const refused = await list(user, `booking=${w.bookingId}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, message: MESSAGES.payments.bookingNotFound });
    }
    const unknown = await list(admin, 'booking=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await list(w.client, 'booking=not-an-id')).statusCode).toBe(400);
  });

  it('a guest is asked to sign in', async () => {
    const response = await t.app.inject({ url: '/api/payments' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/payments: filters, pages and the summary', () => {
  it('filters by status and method', async () => {
    const w = await acceptedBooking(t);
    const paid = await paymentOn(w, '2024-03-01T09:00:00Z', { status: 'succeeded', method: 'card' });
    const failed = await paymentOn(w, '2024-03-01T10:00:00Z', { status: 'failed', method: 'mpesa' });
    const pending = await paymentOn(w, '2024-03-01T11:00:00Z', { purpose: 'balance', method: 'card' });
    expect(ids(await listed(w.planner, 'status=succeeded'))).toEqual([paid.id]);
    expect(ids(await listed(w.planner, 'status=failed'))).toEqual([failed.id]);
    expect(ids(await listed(w.planner, 'method=card'))).toEqual([pending.id, paid.id]);
    expect(ids(await listed(w.planner, 'method=card&status=pending'))).toEqual([pending.id]);
    const wrong = await list(w.planner, 'status=paid');
    expect(wrong.statusCode).toBe(400);
  });

  it('from and to are days in Nairobi, both included', async () => {
    const w = await acceptedBooking(t);
    // Nairobi is three hours ahead of UTC: its 14 March 2025 runs from 13 March 21:00 to 14 March 21:00 UTC.
    const cancelled = { status: 'cancelled', failureReason: 'cancelled_by_user' } as const;
    await paymentOn(w, '2025-03-13T20:30:00Z', cancelled); // 13 March, 23:30 in Nairobi
    const first = await paymentOn(w, '2025-03-13T21:10:00Z', cancelled); // 14 March, 00:10
    const last = await paymentOn(w, '2025-03-14T20:50:00Z', cancelled); // 14 March, 23:50
    await paymentOn(w, '2025-03-14T21:05:00Z', cancelled); // 15 March, 00:05
    expect(ids(await listed(w.client, 'from=2025-03-14&to=2025-03-14'))).toEqual([last.id, first.id]);
    expect(ids(await listed(w.client, 'from=2025-03-14'))).toHaveLength(3);
    expect(ids(await listed(w.client, 'to=2025-03-14'))).toHaveLength(3);
  });

  it('refuses a start date after the end date, and a date that is not one', async () => {
    const w = await acceptedBooking(t);
    const reversed = await list(w.client, 'from=2025-03-15&to=2025-03-14');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: MESSAGES.calendar.rangeBackwards,
      errors: [{ path: 'to', message: MESSAGES.calendar.rangeBackwards }],
    });
    expect((await list(w.client, 'from=2025-02-30')).statusCode).toBe(400);
  });

  it('pages newest first, and sums every succeeded payment the filters select, not only the page', async () => {
    const planner = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
    const made = [];
    // Five bookings' deposits over five days: three succeeded (one with cents), one failed, one pending.
    const plan = [
      { status: 'succeeded', method: 'mpesa', amount: 3000, fee: 300 },
      { status: 'failed', method: 'mpesa', amount: 4000, fee: 0 },
      { status: 'succeeded', method: 'card', amount: 1234.55, fee: 123.46 },
      { status: 'pending', method: 'mpesa', amount: 5000, fee: 0 },
      { status: 'succeeded', method: 'mpesa', amount: 2000, fee: 200 },
    ] as const;
    for (const [i, values] of plan.entries()) {
      const w = await acceptedBooking(t, { planner });
      made.push(await paymentOn(w, `2024-04-0${i + 1}T09:00:00Z`, values));
    }
    const newestFirst = made.map((p) => p.id).reverse();

    const first = await listed(planner, 'page=1&limit=2');
    expect(ids(first)).toEqual(newestFirst.slice(0, 2));
    expect(first).toMatchObject({ total: 5, page: 1, pages: 3 });
    const last = await listed(planner, 'page=3&limit=2');
    expect(ids(last)).toEqual(newestFirst.slice(4));
    // No plans and no refunds among them: all booking payments, the fees all the platform's revenue.
    const expectedSummary = {
      received: 6234.55,
      bookings: 6234.55,
      plans: 0,
      refunded: 0,
      fees: 623.46,
      net: 5611.09,
      platformRevenue: 623.46,
      count: 3,
    };
    expect(first.summary).toEqual(expectedSummary);
    expect(last.summary).toEqual(expectedSummary);

    // Without page or limit: the whole list (as far as the shared limit goes), one page.
    expect(await listed(planner)).toMatchObject({ total: 5, page: 1, pages: 1 });
    expect((await listed(planner)).payments).toHaveLength(5);

    // The summary follows the filters.
    expect((await listed(planner, 'from=2024-04-03&to=2024-04-05')).summary).toEqual({
      received: 3234.55,
      bookings: 3234.55,
      plans: 0,
      refunded: 0,
      fees: 323.46,
      net: 2911.09,
      platformRevenue: 323.46,
      count: 2,
    });
    expect((await listed(planner, 'status=failed')).summary).toEqual({
      received: 0,
      bookings: 0,
      plans: 0,
      refunded: 0,
      fees: 0,
      net: 0,
      platformRevenue: 0,
      count: 0,
    });
    expect((await listed(planner, 'method=card')).summary).toEqual({
      received: 1234.55,
      bookings: 1234.55,
      plans: 0,
      refunded: 0,
      fees: 123.46,
      net: 1111.09,
      platformRevenue: 123.46,
      count: 1,
    });
  });
});

describe('GET /api/payments: each item', () => {
  it('names the package, the client and the planner, with the fee and net of a succeeded payment', async () => {
    const w = await acceptedBooking(t);
    const paid = await paymentOn(w, '2024-05-01T09:00:00Z', { status: 'succeeded', amount: 3000, fee: 300 });
    const failed = await paymentOn(w, '2024-05-02T09:00:00Z', {
      purpose: 'balance',
      status: 'failed',
      amount: 7000,
      failureReason: 'insufficient_funds',
    });
    const body = await listed(w.planner);
    const byId = new Map(body.payments.map((p) => [p._id, p] as const));
    expect(byId.get(paid.id)).toMatchObject({
      purpose: 'deposit',
      method: 'mpesa',
      amount: 3000,
      currency: 'KES',
      status: 'succeeded',
      receipt: paid.receipt,
      booking: w.bookingId,
      packageTitle: w.packageTitle,
      client: { _id: w.client.id, username: w.client.username },
      planner: { _id: w.planner.id, username: w.planner.username },
      fee: 300,
      net: 2700,
      createdAt: '2024-05-01T09:00:00.000Z',
    } satisfies Partial<PaymentListItem>);
    expect(byId.get(failed.id)).toMatchObject({
      status: 'failed',
      failureReason: 'insufficient_funds',
      fee: 0,
      net: 0,
    });
  });

  it("shows the package's current title, and the title the booking kept once the package is gone", async () => {
    const w = await acceptedBooking(t);
    const pkgId = (await t.app.inject({ url: '/api/bookings/my', headers: w.client.headers }))
      .json()
      .bookings.find((b: { _id: string }) => b._id === w.bookingId).package._id;
    await paymentOn(w, '2024-06-01T09:00:00Z');
    await t.database.db.update(packages).set({ title: 'Renamed package' }).where(eq(packages.id, pkgId));
    expect((await listed(w.client)).payments[0]!.packageTitle).toBe('Renamed package');
    await t.database.db.delete(packages).where(eq(packages.id, pkgId));
    expect((await listed(w.client)).payments[0]!.packageTitle).toBe('A booked package');
  });
});
