/**
 * What the payments tests share: the app listening on a real port (the simulator's callbacks and
 * webhooks come back to it over HTTP), accepted bookings to pay, and the calls a payer makes.
 * Imported by the `*.test.ts` files of this module only.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, type TestContext, useStarted } from '../../../test/build-app';
import {
  createBookingRow,
  createPackage,
  createPaymentRow,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { freePort } from '../../../test/ports';
import { jobs, ledgerEntries, payments, refunds } from '../../db/schema';
import { paystackSignature } from '../../payments/paystack-client';
import { receiptMailKey } from './payments.service';

export interface PaymentsApp extends TestContext {
  /** The app's own address, its PUBLIC_URL. */
  url: string;
}

/**
 * The app on a fresh database, listening at its PUBLIC_URL, with the simulator's M-Pesa callbacks
 * coming back soon enough for a test to wait (150 ms unless `env` says otherwise).
 */
export async function startPaymentsApp(env: Record<string, string> = {}): Promise<PaymentsApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: url, SIM_CALLBACK_DELAY_MS: '150', ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return Object.assign(t, { url });
}

/** `startPaymentsApp` for one test file (or describe block); `env` as `useTestApp` takes it. */
export function usePaymentsApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
): PaymentsApp {
  return useStarted(() => startPaymentsApp(typeof env === 'function' ? env() : env));
}

/** Reads until `done` holds or `ms` pass; the last value either way, for the test to judge. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface World {
  client: TestUser;
  planner: TestUser;
  bookingId: string;
  packageTitle: string;
  eventDate: string;
}

/** An accepted booking of Ksh 10,000 (unless `price` says otherwise) with the default 30 % deposit. */
export async function acceptedBooking(
  t: TestContext,
  options: { price?: number; client?: TestUser; planner?: TestUser; eventDate?: string; title?: string } = {},
): Promise<World> {
  const db = t.database.db;
  const client = options.client ?? (await createUser(db, { role: 'client' }));
  const planner = options.planner ?? (await createUser(db, { role: 'planner', planId: 'pro' }));
  const pkg = await createPackage(db, {
    plannerId: planner.id,
    ...(options.title ? { title: options.title } : {}),
  });
  const booking = await createBookingRow(db, {
    clientId: client.id,
    packageId: pkg.id,
    plannerId: planner.id,
    status: 'accepted',
    price: options.price ?? 10_000,
    ...(options.eventDate ? { eventDate: options.eventDate } : {}),
  });
  return { client, planner, bookingId: booking.id, packageTitle: pkg.title, eventDate: booking.eventDate };
}

/** The client starts paying (the deposit by M-Pesa unless `body` says otherwise). */
export const startPayment = (t: TestContext, w: World, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: w.client.headers,
    payload: { bookingId: w.bookingId, purpose: 'deposit', method: 'mpesa', ...body },
  });

/** Pays the deposit or the balance by M-Pesa through the simulator, as the client does; the payment once succeeded. */
export async function payBySimulator(t: TestContext, w: World, purpose: 'deposit' | 'balance') {
  const started = await startPayment(t, w, { purpose, phone: '0712345678' });
  expect(started.statusCode).toBe(201);
  const payment = await settled(t, w, started.json().payment._id);
  expect(payment.status).toBe('succeeded');
  return payment as { _id: string; amount: number };
}

/** The payment as the client reads it. */
export const readPayment = async (t: TestContext, w: World, id: string) =>
  (await t.app.inject({ url: `/api/payments/${id}`, headers: w.client.headers })).json().payment;

/** `POST /api/payments/{id}/check` as `user` (an admin, to ask the provider now; nobody: no session). */
export const checkPayment = (
  t: TestContext,
  user: { headers: Record<string, string> } | undefined,
  id: string,
) => t.app.inject({ method: 'POST', url: `/api/payments/${id}/check`, headers: user?.headers ?? {} });

/** The payment once it is no longer pending (or still pending after five seconds). */
export const settled = (t: TestContext, w: World, id: string) =>
  until(
    () => readPayment(t, w, id),
    (p) => p.status !== 'pending',
  );

/** The payment's row as stored. */
export const paymentRow = async (t: TestContext, id: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** What the booking's client reads as paid so far (`amountPaid` in GET /api/bookings/my). */
export const amountPaid = async (t: TestContext, w: World): Promise<number> =>
  (await t.app.inject({ url: '/api/bookings/my', headers: w.client.headers }))
    .json()
    .bookings.find((b: { _id: string }) => b._id === w.bookingId).amountPaid;

/** The payment's rows in the ledger (its `payment` and `fee` rows once it has succeeded). */
export const ledgerRowsOf = (t: TestContext, paymentId: string) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));

/** The payment's receipt mail job, if one was queued (one at most: its unique key). */
export const receiptMailJobs = (t: TestContext, paymentId: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, receiptMailKey(paymentId)));

/**
 * Daraja knows the result of every push from now on, while `run` runs: its status query answers it,
 * though the simulator's own callback still waits its delay (a test app started with a long
 * SIM_CALLBACK_DELAY_MS, so only the test's calls reach the payments).
 */
export async function resultKnownAtProvider<T>(t: TestContext, run: () => Promise<T>): Promise<T> {
  const sim = t.app.paymentSimulator!.daraja;
  const before = sim.callbackDelayMs;
  sim.callbackDelayMs = 0;
  try {
    return await run();
  } finally {
    sim.callbackDelayMs = before;
  }
}

/** `PATCH /api/bookings/{id}` cancelling the booking, as its client or as its planner. */
export const cancelBooking = (t: TestContext, w: World, who: 'client' | 'planner') =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/bookings/${w.bookingId}`,
    headers: w[who].headers,
    payload: { status: 'cancelled' },
  });

/** The booking's refund row, once there is one. */
export const refundRowOf = async (t: TestContext, w: World) =>
  (await t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId)))[0];

/** A deposit of Ksh 3,000 already paid by M-Pesa, written straight into the table (with `values` over it). */
export const depositPaid = (
  t: TestContext,
  w: World,
  values: Partial<Omit<typeof payments.$inferInsert, 'bookingId' | 'userId'>> = {},
) =>
  createPaymentRow(t.database.db, {
    bookingId: w.bookingId,
    userId: w.client.id,
    purpose: 'deposit',
    method: 'mpesa',
    amount: 3000,
    status: 'succeeded',
    ...values,
  });

/** Daraja's STK callback body for a success. */
export const darajaCallback = (checkoutRequestId: string, amount: number, receipt = 'SIM0000001') =>
  JSON.stringify({
    Body: {
      stkCallback: {
        MerchantRequestID: 'm-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'PhoneNumber', Value: 254712345678 },
          ],
        },
      },
    },
  });

/** Posts a Daraja callback to the app's secret path (or another path, to try a forged one). */
export const postDarajaCallback = (
  t: TestContext,
  body: string,
  secret = t.config.payments.mpesa!.callbackSecret,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/mpesa/callback/${secret}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

/** Posts a Daraja callback to one payment's address: the secret path and the payment's id, as a push's CallBackURL. */
export const postPaymentCallback = (
  t: TestContext,
  paymentId: string,
  body: string,
  secret = t.config.payments.mpesa!.callbackSecret,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/mpesa/callback/${secret}/${paymentId}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

/** Posts a Paystack webhook, signed as Paystack signs it with the secret key (or with `secret`, to forge one). */
export const postPaystackWebhook = (
  t: TestContext,
  body: string,
  secret = t.config.payments.card!.secretKey,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(secret, body) },
    payload: body,
  });

/** Presses Pay (or Decline) on the simulator's card checkout page, as the payer's browser does. */
export const pressCheckout = (t: PaymentsApp, checkoutUrl: string, outcome: 'pay' | 'decline' = 'pay') =>
  fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });
