import { ClientEvents, ServerEvents } from '@sherehe/shared/socket-events';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { collect, connected, connectSocket, emitAck } from '../../../test/sockets';
import { jobs, payments } from '../../db/schema';
import { paystackSignature } from '../../payments/paystack-client';
import { PAYMENT_RECONCILE_JOB } from './payments.service';
import {
  acceptedBooking,
  darajaCallback,
  depositPaid,
  paymentRow,
  postDarajaCallback,
  pressCheckout,
  readPayment,
  startPayment,
  until,
  usePaymentsApp,
  type World,
  settled as waitSettled,
} from './payments.test-support';

let appUrl: string;

const t = usePaymentsApp();
beforeAll(async () => {
  appUrl = t.url;
});

const world = () => acceptedBooking(t);
const start = (w: World, body: Record<string, unknown>) => startPayment(t, w, body);
const getPayment = (w: World, id: string) => readPayment(t, w, id);
const settled = (w: World, id: string) => waitSettled(t, w, id);
const rowOf = (id: string) => paymentRow(t, id);
const postCallback = (body: string, secret?: string) => postDarajaCallback(t, body, secret);

const myBooking = async (w: World) =>
  (await t.app.inject({ url: '/api/bookings/my', headers: w.client.headers }))
    .json()
    .bookings.find((b: { _id: string }) => b._id === w.bookingId);

const receiptMails = (paymentId: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, `payment-receipt:${paymentId}`));

describe('paying a deposit by M-Pesa', () => {
  it('succeeds: receipt stored, booking deposit_paid, the room hears of it, the receipt mail is queued', async () => {
    const w = await world();
    const socket = connectSocket(appUrl, { token: w.planner.token });
    await connected(socket);
    await emitAck(socket, ClientEvents.joinRoom, { bookingId: w.bookingId });
    const heard = collect<{ _id: string; status: string }>(socket, ServerEvents.paymentUpdated);

    const started = await start(w, { phone: '0712 345 678' });
    expect(started.statusCode).toBe(201);
    const { payment } = started.json();
    expect(payment).toMatchObject({
      purpose: 'deposit',
      method: 'mpesa',
      amount: 3000,
      currency: 'KES',
      status: 'pending',
    });
    expect((await rowOf(payment._id)).phone).toBe('254712345678');

    const done = await settled(w, payment._id);
    expect(done.status).toBe('succeeded');
    expect(done.receipt).toMatch(/^[A-Z0-9]+$/);
    // The callback brought M-Pesa's own receipt number.
    expect(done.receiptProvisional).toBe(false);
    expect(await myBooking(w)).toMatchObject({
      depositAmount: 3000,
      amountPaid: 3000,
      balanceDue: 7000,
      paymentStatus: 'deposit_paid',
    });
    expect(await receiptMails(payment._id)).toHaveLength(1);
    await until(
      async () => heard.length,
      () => heard.some((p) => p._id === payment._id && p.status === 'succeeded'),
    );
    expect(heard.some((p) => p._id === payment._id && p.status === 'succeeded')).toBe(true);
    socket.disconnect();

    // A replayed callback (same receipt) counts nothing again.
    const replay = await postCallback(
      darajaCallback((await rowOf(payment._id)).providerRef!, 3000, done.receipt),
    );
    expect(replay.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await myBooking(w)).amountPaid).toBe(3000);
    expect(await receiptMails(payment._id)).toHaveLength(1);

    // The deposit is paid: a second deposit is refused.
    expect((await start(w, { phone: '0712345678' })).statusCode).toBe(409);
  });

  it('is cancelled on the phone (…1032): cancelled, with the reason', async () => {
    const w = await world();
    const { payment } = (await start(w, { phone: '0712341032' })).json();
    const done = await settled(w, payment._id);
    expect(done).toMatchObject({ status: 'cancelled', failureReason: 'cancelled_by_user', receipt: null });
    expect((await myBooking(w)).paymentStatus).toBe('unpaid');
    expect(await receiptMails(payment._id)).toHaveLength(0);
  });

  it('refuses a forged path, ignores an unknown CheckoutRequestID, and does not count a wrong amount', async () => {
    const w = await world();
    const sim = t.app.paymentSimulator!.daraja;
    const before = sim.callbackDelayMs;
    // The simulator's own callback comes late, so only the calls below reach the payment meanwhile.
    sim.callbackDelayMs = 30_000;
    const { payment } = (await start(w, { phone: '0712345678' })).json();
    const ref = (await rowOf(payment._id)).providerRef!;
    expect(ref).toBeTruthy();
    // The push's result is known at the provider from now on.
    sim.callbackDelayMs = 0;
    try {
      expect((await postCallback(darajaCallback(ref, 3000), 'not-the-secret')).statusCode).toBe(403);
      expect((await rowOf(payment._id)).status).toBe('pending');

      const unknown = await postCallback(darajaCallback('ws_CO_unknown', 3000));
      expect(unknown.statusCode).toBe(200);
      expect((await rowOf(payment._id)).status).toBe('pending');

      expect((await postCallback(darajaCallback(ref, 1))).statusCode).toBe(200);
      expect((await rowOf(payment._id)).status).toBe('pending');
      expect((await myBooking(w)).amountPaid).toBe(0);

      // The right amount, at the right path: counted once.
      await postCallback(darajaCallback(ref, 3000, 'RIGHT00001'));
      await postCallback(darajaCallback(ref, 3000, 'RIGHT00001'));
      expect(await rowOf(payment._id)).toMatchObject({ status: 'succeeded', receipt: 'RIGHT00001' });
      expect((await myBooking(w)).amountPaid).toBe(3000);
    } finally {
      sim.callbackDelayMs = before;
    }
  });

  it('an unreachable phone (…1037) never calls back: the reconcile job finds out, or expires it', async () => {
    const w = await world();
    const sim = t.app.paymentSimulator!.daraja;
    const { payment } = (await start(w, { phone: '0712341037' })).json();
    const dueNow = () =>
      t.database.db
        .update(jobs)
        .set({ runAt: new Date() })
        .where(and(eq(jobs.uniqueKey, `${PAYMENT_RECONCILE_JOB}:${payment._id}`)));
    const beforeUnreachable = sim.unreachableAfterMs;
    sim.unreachableAfterMs = 0;
    try {
      await dueNow();
      await t.app.jobs.drain();
      expect(await getPayment(w, payment._id)).toMatchObject({
        status: 'failed',
        failureReason: 'phone_unreachable',
      });
    } finally {
      sim.unreachableAfterMs = beforeUnreachable;
    }

    // Still "being processed" at the provider after ten minutes: given up on.
    const w2 = await world();
    const second = (await start(w2, { phone: '0712341037' })).json().payment;
    sim.unreachableAfterMs = 3_600_000;
    try {
      await t.database.db
        .update(payments)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(payments.id, second._id));
      await t.database.db
        .update(jobs)
        .set({ runAt: new Date() })
        .where(eq(jobs.uniqueKey, `${PAYMENT_RECONCILE_JOB}:${second._id}`));
      await t.app.jobs.drain();
      expect(await getPayment(w2, second._id)).toMatchObject({ status: 'expired', failureReason: 'expired' });
    } finally {
      sim.unreachableAfterMs = beforeUnreachable;
    }
  });

  it('two starts at once make one pending payment; the other is a 409 with it', async () => {
    const w = await world();
    const sim = t.app.paymentSimulator!.daraja;
    const before = sim.callbackDelayMs;
    sim.callbackDelayMs = 30_000;
    try {
      const [a, b] = await Promise.all([
        start(w, { phone: '0712345678' }),
        start(w, { phone: '0712345678' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const created = (a.statusCode === 201 ? a : b).json().payment;
      const conflict = (a.statusCode === 409 ? a : b).json();
      expect(conflict).toMatchObject({ success: false, code: 'CONFLICT', payment: { _id: created._id } });
      const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, w.bookingId));
      expect(rows).toHaveLength(1);
    } finally {
      sim.callbackDelayMs = before;
    }
  });
});

describe('paying a balance by card', () => {
  it('is refused before the deposit, then settles through the checkout and its signed webhook', async () => {
    const w = await world();
    expect((await start(w, { purpose: 'balance', method: 'card' })).statusCode).toBe(409);
    await depositPaid(t, w);
    const started = await start(w, { purpose: 'balance', method: 'card' });
    expect(started.statusCode).toBe(201);
    const { payment } = started.json();
    expect(payment).toMatchObject({ purpose: 'balance', amount: 7000, status: 'pending' });
    expect(payment.checkoutUrl).toMatch(new RegExp(`^${appUrl}/__sim/paystack/checkout/`));

    const pressed = await pressCheckout(t, payment.checkoutUrl);
    expect(pressed.status).toBe(303);
    // Back to the bookings page, which finds the payment by its id; Paystack adds its reference.
    const back = new URL(pressed.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${appUrl}/dashboard/bookings`);
    expect(back.searchParams.get('payment')).toBe(payment._id);
    expect(back.searchParams.get('reference')).toBe((await rowOf(payment._id)).providerRef);
    // A card's receipt is Paystack's reference, which is our id: the real one, no stand-in.
    expect(await settled(w, payment._id)).toMatchObject({
      status: 'succeeded',
      receipt: payment._id,
      receiptProvisional: false,
    });
    expect(await myBooking(w)).toMatchObject({ amountPaid: 10_000, balanceDue: 0, paymentStatus: 'paid' });
    expect(await receiptMails(payment._id)).toHaveLength(1);
  });

  it('settles a webhook that arrives before the start recorded the reference (the reference is the id)', async () => {
    const w = await world();
    await depositPaid(t, w);
    const { payment } = (await start(w, { purpose: 'balance', method: 'card' })).json();
    await t.database.db.update(payments).set({ providerRef: null }).where(eq(payments.id, payment._id));
    await pressCheckout(t, payment.checkoutUrl);
    expect(await settled(w, payment._id)).toMatchObject({ status: 'succeeded' });
  });

  it('a webhook with a bad signature changes nothing', async () => {
    const w = await world();
    await depositPaid(t, w);
    const { payment } = (await start(w, { purpose: 'balance', method: 'card' })).json();
    const ref = (await rowOf(payment._id)).providerRef!;
    const body = JSON.stringify({
      event: 'charge.success',
      data: { id: 1, reference: ref, amount: 700_000, currency: 'KES', status: 'success' },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature('wrong', body),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
    expect((await rowOf(payment._id)).status).toBe('pending');
    expect((await myBooking(w)).paymentStatus).toBe('deposit_paid');
  });
});

describe('reading payments', () => {
  it("lists a booking's payments for its parties, and hides them from others", async () => {
    const w = await world();
    const { payment } = (await start(w, { phone: '0712341032' })).json();
    const list = await t.app.inject({
      url: `/api/payments?booking=${w.bookingId}`,
      headers: w.planner.headers,
    });
    expect(list.json().payments.map((p: { _id: string }) => p._id)).toEqual([payment._id]);
    const stranger = await createUser(t.database.db, { role: 'client' });
    expect(
      (await t.app.inject({ url: `/api/payments/${payment._id}`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(like(jobs.uniqueKey, `${PAYMENT_RECONCILE_JOB}:${payment._id}`)),
    ).toHaveLength(1);
  });
});
