import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { connected, connectSocket, disconnected } from '../../../test/sockets';
import { jobs } from '../../db/schema';
import { runRefundStatusJob } from '../ledger/refund-status.service';
import {
  acceptedBooking,
  cancelBooking,
  pressCheckout,
  refundRowOf,
  settled,
  startPayment,
  until,
  usePaymentsApp,
  type World,
} from '../payments/payments.test-support';

let admin: TestUser;
const sockets: ReturnType<typeof connectSocket>[] = [];

// A fresh database (createTestApp) listening at its PUBLIC_URL: the simulator's callbacks come back.
const t = usePaymentsApp();
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
});
afterEach(() => {
  t.app.paymentSimulator!.daraja.dropReversalResults = false;
  for (const socket of sockets.splice(0)) socket.disconnect();
});

const get = (url: string, user?: { headers: Record<string, string> }) =>
  t.app.inject({ url, headers: user?.headers ?? {} });

/** Pays the booking's deposit by M-Pesa through the simulator, as its client does. */
async function payDeposit(w: World) {
  const started = await startPayment(t, w, { purpose: 'deposit', phone: '0712345678' });
  expect(started.statusCode).toBe(201);
  const payment = await settled(t, w, started.json().payment._id);
  expect(payment.status).toBe('succeeded');
  return payment as { _id: string; amount: number };
}

const deleteByAdmin = (user: { id: string }) => injectAs(t, admin, 'DELETE', `/api/user/${user.id}`);

const deleteOwn = (user: TestUser, password: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: user.headers, payload: { password } });

const refundsOf = async (w: World) =>
  (await get(`/api/bookings/${w.bookingId}/refunds`, admin)).json().refunds as Array<{
    _id: string;
    amount: number;
    rule: string;
    status: string;
  }>;

/** The booking's refunds, once the first has gone through. */
const refundsOnceDone = (w: World) =>
  until(
    () => refundsOf(w),
    (list) => list[0]?.status === 'succeeded',
  );

/** The booking as `user` finds it in their list at `url`. */
const listedAt = async (url: string, user: TestUser, w: World) =>
  (await get(url, user)).json().bookings.find((b: { _id: string }) => b._id === w.bookingId);

/**
 * Every money figure the admins see, through the API: each payment (amount, fee, net, status,
 * receipt), the payments' totals, each planner's balances, and the booking's refunds.
 */
async function adminMoney(w: World) {
  const list = (await get('/api/payments', admin)).json();
  const payouts = (await get('/api/payouts', admin)).json();
  return {
    payments: (list.payments as Array<Record<string, unknown>>).map((p) => ({
      _id: p._id,
      amount: p.amount,
      fee: p.fee,
      net: p.net,
      status: p.status,
      receipt: p.receipt,
      packageTitle: p.packageTitle,
    })),
    total: list.total,
    summary: list.summary,
    // By id: the list is ordered by name too, and a deleted planner's name changes.
    planners: (payouts.planners as Array<Record<string, unknown> & { planner: { _id: string } }>)
      .map((p) => ({ planner: p.planner._id, balance: p.balance, pending: p.pending, payable: p.payable }))
      .sort((a, b) => a.planner.localeCompare(b.planner)),
    refunds: await refundsOf(w),
  };
}

/** A planner's own earnings: balances and every ledger row. */
async function earnings(planner: TestUser) {
  const body = (await get('/api/earnings', planner)).json();
  return { balance: body.balance, pending: body.pending, payable: body.payable, entries: body.entries };
}

/**
 * A booking whose paid deposit is being refunded: cancelled by its planner, the M-Pesa reversal sent
 * and accepted, its result not back yet (the refund pending).
 */
async function refundInFlight() {
  // The package's title is the one the booking was made under (the booking keeps it).
  const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(20), title: 'A booked package' });
  const deposit = await payDeposit(w);
  t.app.paymentSimulator!.daraja.dropReversalResults = true;
  const cancelled = await cancelBooking(t, w, 'planner');
  expect(cancelled.statusCode).toBe(200);
  const refundRow = () => refundRowOf(t, w);
  const sent = await until(refundRow, (row) => row?.providerRef != null);
  expect(sent).toMatchObject({ status: 'pending', amount: 3000, rule: 'cancelled_by_planner' });
  return { w, deposit, refundId: sent!.id };
}

/** The refund's result, asked for by its status job (Daraja's own result never came). */
async function finishRefund(w: World, refundId: string) {
  await runRefundStatusJob(t.app.paymentDeps, refundId).catch(() => undefined);
  const done = await until(
    () => refundsOf(w),
    (list) => list[0]?.status !== 'pending',
  );
  expect(done).toEqual([expect.objectContaining({ amount: 3000, status: 'succeeded' })]);
}

describe('deleting someone in the middle of a refund', () => {
  it('the client: every payment, refund, ledger row, earnings figure and admin total stays, and the refund completes', async () => {
    const { w, deposit, refundId } = await refundInFlight();
    const before = { admin: await adminMoney(w), earnings: await earnings(w.planner) };
    expect(before.admin.payments).toContainEqual(
      expect.objectContaining({ _id: deposit._id, amount: 3000, status: 'succeeded' }),
    );
    expect(before.earnings.entries.length).toBeGreaterThanOrEqual(2);

    const response = await deleteByAdmin(w.client);
    expect(response.statusCode).toBe(200);

    expect(await adminMoney(w)).toEqual(before.admin);
    expect(await earnings(w.planner)).toEqual(before.earnings);
    // The planner still sees the booking, its client anonymised.
    const listed = await listedAt('/api/bookings/for-planner', w.planner, w);
    expect(listed).toMatchObject({ status: 'cancelled', amountPaid: 3000 });
    expect(JSON.stringify(listed)).not.toContain(w.client.email);
    expect(JSON.stringify(listed)).not.toContain(w.client.username);

    await finishRefund(w, refundId);
    const after = await earnings(w.planner);
    expect(after.entries.length).toBe(before.earnings.entries.length + 2);
    expect(after.balance).toBe(0);
    // The refund's mail to the deleted client is never queued.
    const mail = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}::text like '%deleted.invalid%'`));
    expect(mail).toEqual([]);
  });

  it('the planner: every payment, refund, ledger row and admin total stays, and the refund completes', async () => {
    const { w, deposit, refundId } = await refundInFlight();
    const before = await adminMoney(w);
    expect(before.planners).toContainEqual(expect.objectContaining({ planner: w.planner.id, balance: 2700 }));
    const people = async () => (await get('/api/analytics/overview', admin)).json().data;
    const peopleBefore = await people();

    expect((await deleteByAdmin(w.planner)).statusCode).toBe(200);

    expect(await adminMoney(w)).toEqual(before);
    // Kept for the records, the row is nobody's account: not counted, no days to show.
    expect(await people()).toMatchObject({
      totalUsers: peopleBefore.totalUsers - 1,
      planners: peopleBefore.planners - 1,
    });
    const days = await get(`/api/planners/${w.planner.id}/availability`);
    const unknownDays = await get('/api/planners/00000000-0000-4000-8000-000000000000/availability');
    expect({ status: days.statusCode, body: days.json() }).toEqual({
      status: unknownDays.statusCode,
      body: unknownDays.json(),
    });
    // The client's own view of what they paid is unchanged.
    const paid = (await get(`/api/payments?booking=${w.bookingId}`, w.client)).json().payments;
    expect(paid).toEqual([expect.objectContaining({ _id: deposit._id, amount: 3000, status: 'succeeded' })]);

    await finishRefund(w, refundId);
    const planners = (await get('/api/payouts', admin)).json().planners as Array<{
      planner: { _id: string; username: string };
      balance: number;
    }>;
    expect(planners).toContainEqual(
      expect.objectContaining({ planner: { _id: w.planner.id, username: 'Deleted user' }, balance: 0 }),
    );
  });
});

describe('open bookings with money when one side leaves', () => {
  it('a client who leaves cancels as a client would: the written policy decides the refund', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(45) });
    await payDeposit(w);
    expect((await deleteByAdmin(w.client)).statusCode).toBe(200);
    const done = await refundsOnceDone(w);
    expect(done).toEqual([
      expect.objectContaining({ amount: 3000, rule: 'client_30_days_or_more', status: 'succeeded' }),
    ]);
    const listed = await listedAt('/api/bookings/for-planner', w.planner, w);
    expect(listed).toMatchObject({ status: 'cancelled' });
  });

  it('a planner who leaves cancels as a planner would: everything back, even ten days ahead', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(10) });
    await payDeposit(w);
    expect((await deleteOwn(w.planner, TEST_PASSWORD)).statusCode).toBe(200);
    const done = await refundsOnceDone(w);
    expect(done).toEqual([
      expect.objectContaining({ amount: 3000, rule: 'cancelled_by_planner', status: 'succeeded' }),
    ]);
    const mine = await listedAt('/api/bookings/my', w.client, w);
    expect(mine).toMatchObject({ status: 'cancelled', amountRefunded: 3000 });
    // The package has left the catalogue.
    expect((await get(`/api/packages?planner=${w.planner.id}`)).json().data).toEqual([]);
  });
});

/** The mails written to the outbox (no SMTP_URL in tests) addressed to a deleted account. */
async function mailsToDeletedAccounts(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return texts.filter((text) => /^To: .*deleted\.invalid/im.test(text));
}

describe('a payment that completes after its payer left', () => {
  it('is counted and refunded in full, and nobody mails the deleted address', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(45) });
    const started = await startPayment(t, w, { purpose: 'deposit', method: 'card' });
    expect(started.statusCode).toBe(201);
    const { _id: paymentId, checkoutUrl } = started.json().payment;
    // The client leaves with the card page still open: the booking is cancelled, nothing to refund yet.
    expect((await deleteByAdmin(w.client)).statusCode).toBe(200);
    expect(await refundsOf(w)).toEqual([]);

    expect((await pressCheckout(t, checkoutUrl)).status).toBeLessThan(400);
    const paid = await until(
      async () =>
        (await get(`/api/payments?booking=${w.bookingId}`, admin))
          .json()
          .payments.find((p: { _id: string }) => p._id === paymentId),
      (p) => p?.status !== 'pending',
    );
    expect(paid).toMatchObject({ status: 'succeeded', amount: 3000 });
    const done = await refundsOnceDone(w);
    expect(done).toEqual([
      expect.objectContaining({ amount: 3000, rule: 'paid_after_cancellation', status: 'succeeded' }),
    ]);
    await t.app.jobs.drain();
    expect(await mailsToDeletedAccounts()).toEqual([]);
  });
});

describe('DELETE /api/user/me', () => {
  it('with a wrong password changes nothing', async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    const response = await deleteOwn(client, 'not-my-password');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'That is not your password.',
      errors: [{ path: 'password', message: 'That is not your password.' }],
    });
    const data = await get('/api/user/data', client);
    expect(data.statusCode).toBe(200);
    expect(data.json().userData).toMatchObject({ email: client.email, username: client.username });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: client.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('ends the account: its sockets close, it signs in, shows and feeds like an unknown one, and its email may register again', async () => {
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(45) });
    await payDeposit(w);
    const client = w.client;
    const feedUrl = new URL((await get('/api/calendar/feed', client)).json().url as string);
    const socket = connectSocket(t.url, { token: client.token });
    sockets.push(socket);
    await connected(socket);
    const ended = disconnected(socket);

    const response = await deleteOwn(client, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your account has been deleted.' });
    await expect(ended).resolves.toBeTruthy();

    expect((await get('/api/user/data', client)).statusCode).toBe(401);
    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
    const unknown = await login('nobody-here@example.test');
    const deleted = await login(client.email);
    expect({ status: deleted.statusCode, body: deleted.json() }).toEqual({
      status: unknown.statusCode,
      body: unknown.json(),
    });
    const profile = await get(`/api/user/profile/${client.id}`);
    const unknownProfile = await get('/api/user/profile/00000000-0000-4000-8000-000000000000');
    expect({ status: profile.statusCode, body: profile.json() }).toEqual({
      status: unknownProfile.statusCode,
      body: unknownProfile.json(),
    });
    const feed = await get(feedUrl.pathname);
    const unknownFeed = await get(feedUrl.pathname.replace(/[^/]{4}\.ics$/, 'zzzz.ics'));
    expect(feed.statusCode).toBe(unknownFeed.statusCode);
    expect(feed.statusCode).toBe(404);
    // Gone from the admins' list too.
    const users = (await get(`/api/user?q=${encodeURIComponent(client.username)}`, admin)).json().users;
    expect(users).toEqual([]);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Back Again', email: client.email, password: TEST_PASSWORD, role: 'client' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().user).toMatchObject({ email: client.email, username: 'Back Again' });
    expect(again.json().user.id).not.toBe(client.id);
  });

  it("counts its password tries against the account's login limit", async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    let last = await deleteOwn(client, 'guess-0');
    for (let i = 1; i <= t.config.limits.loginPerAccount.max && last.statusCode === 403; i++)
      last = await deleteOwn(client, `guess-${i}`);
    expect(last.statusCode).toBe(429);
    // The login of that account is held back too, even with the right password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: client.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(429);
    expect((await get('/api/user/data', client)).statusCode).toBe(200);
  });

  it('the last admin cannot delete themself; another admin can', async () => {
    const other = await createUser(t.database.db, { role: 'admin' });
    expect((await deleteOwn(other, TEST_PASSWORD)).statusCode).toBe(200);
    const last = await deleteOwn(admin, TEST_PASSWORD);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      'You are the last admin: make someone else an admin before deleting your account.',
    );
    expect((await get('/api/user/data', admin)).statusCode).toBe(200);
  });

  it('is refused without a session or without a password', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/user/me', payload: { password: 'x' } })).statusCode,
    ).toBe(401);
    const client = await createUser(t.database.db, { role: 'client' });
    const empty = await injectAs(t, client, 'DELETE', '/api/user/me', {});
    expect(empty.statusCode).toBe(400);
    expect((await get('/api/user/data', client)).statusCode).toBe(200);
  });
});
