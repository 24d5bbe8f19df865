import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect } from 'vitest';
import { useTestApp } from './build-app';
import { type DarajaProxy, type ForwardedCallback, startDarajaProxy } from './daraja-proxy';
import { nairobiDayFromToday } from './dates';
import { pngImage } from './images';
import { freePort } from './ports';
import { api, type Body, itOnEachDatabase, register, spawnServer, useDataDir } from './process';

/**
 * The server killed between the provider's answer and our commit. The server under test
 * is a real process paying by M-Pesa as in production (PAYMENTS_MODE=live, DARAJA_BASE_URL set);
 * Daraja is played by the app in simulator mode, and a proxy between the two (test/daraja-proxy.ts)
 * SIGKILLs the server at the worst moments. It is restarted on the same database, port and PUBLIC_URL, and the
 * payment must end counted exactly once, as the HTTP API tells it.
 */
const ADMIN = { email: 'pay-crash-admin@example.test', password: 'pay-crash-admin-password' };
/** The same made-up credentials on both sides, as a merchant's are at Safaricom and in its settings. */
const DARAJA = {
  DARAJA_CONSUMER_KEY: 'pay-crash-consumer-key',
  DARAJA_CONSUMER_SECRET: 'pay-crash-consumer-secret',
  DARAJA_SHORTCODE: '174379',
  DARAJA_PASSKEY: 'pay-crash-passkey',
  DARAJA_CALLBACK_SECRET: 'pay-crash-callback-secret-0123456789',
};
/**
 * When the stand-in knows a push's result and posts its callback. The proxy holds callbacks while
 * the server is down, so this only has to let the start's answer reach the server first.
 */
const CALLBACK_DELAY_MS = 500;
const STK_PUSH = '/mpesa/stkpush/v1/processrequest';
const STK_QUERY = '/mpesa/stkpushquery/v1/query';
/** Ksh 10,000 at the default 30 %. */
const DEPOSIT = 3000;

/** A planner's package of Ksh 10,000 and two clients, each with an accepted booking of it. */
async function prepare(url: string) {
  const stamp = Date.now();
  const signUp = async (role: string, name: string) => {
    const registered = await register(url, role, name, `${name.replace(/ /g, '-')}-${stamp}@example.test`);
    expect(registered.status).toBe(201);
    return registered.body.token as string;
  };
  const planner = await signUp('planner', 'pay crash planner');
  const admin = (await api(url, '/api/auth/login', { method: 'POST', body: ADMIN })).body.token as string;
  const category = await api(url, '/api/category/create', {
    method: 'POST',
    token: admin,
    body: { name: `Pay crash ${stamp}` },
  });
  expect(category.status).toBe(201);
  const categories = (await api(url, '/api/category')).body.categories as Array<{
    _id: string;
    name: string;
  }>;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title: 'Pay crash wedding',
    description: 'd',
    price: '10000',
    category: categories.find((c) => c.name === `Pay crash ${stamp}`)!._id,
    location: 'Nairobi',
  }))
    form.append(key, value);
  form.append('image', new Blob([new Uint8Array(await pngImage(32, 32))], { type: 'image/png' }), 'p.png');
  const pkg = await api(url, '/api/packages/create', { method: 'POST', token: planner, body: form });
  expect(pkg.status).toBe(201);
  const booked = async (days: number) => {
    const client = await signUp('client', `pay crash client ${days}`);
    const booking = await api(url, '/api/bookings/create', {
      method: 'POST',
      token: client,
      body: {
        package: pkg.body.data._id,
        planner: pkg.body.data.planner._id,
        date: nairobiDayFromToday(days),
      },
    });
    expect(booking.status).toBe(201);
    const id = booking.body.booking._id as string;
    const accepted = await api(url, `/api/bookings/${id}`, {
      method: 'PATCH',
      token: planner,
      body: { status: 'accepted' },
    });
    expect(accepted.status).toBe(200);
    return { client, bookingId: id };
  };
  return { admin, first: await booked(30), second: await booked(45) };
}

/** What the API says of a booking's payments, its amount paid, and the receipt mails queued for a payment. */
async function ledger(url: string, admin: string, of: { client: string; bookingId: string }) {
  const payments = (await api(url, `/api/payments?booking=${of.bookingId}`, { token: of.client })).body
    .payments as Body[];
  const mine = (await api(url, '/api/bookings/my', { token: of.client })).body.bookings as Body[];
  const jobs = (await api(url, '/api/admin/jobs?limit=100', { token: admin })).body.jobs as Body[];
  const receiptMails = (paymentId: string) =>
    jobs.filter((job) => job.kind === 'payment-receipt-mail' && job.summary.endsWith(`payment ${paymentId}`));
  const booking = mine.find((b) => b._id === of.bookingId)!;
  return { payments, booking, receiptMails };
}

/** Daraja's callback as it was posted, read back: its CheckoutRequestID and M-Pesa receipt number. */
function readCallback(callback: ForwardedCallback) {
  const stk = JSON.parse(callback.body).Body.stkCallback;
  const item = (name: string) => stk.CallbackMetadata?.Item.find((i: Body) => i.Name === name)?.Value;
  return {
    checkoutRequestId: stk.CheckoutRequestID as string,
    receipt: item('MpesaReceiptNumber') as string,
  };
}

/** The same callback again, the way Daraja posts it (through the proxy, to the server's PUBLIC_URL). */
const replay = (proxy: DarajaProxy, callback: ForwardedCallback) =>
  fetch(`${proxy.url}${callback.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: callback.body,
  });

async function payThroughCrashes(engine: Record<string, string>, daraja: string) {
  const port = await freePort();
  const proxy = await startDarajaProxy({ daraja, appPort: port });
  const env = {
    ...engine,
    ...DARAJA,
    PORT: String(port),
    PUBLIC_URL: proxy.url,
    PAYMENTS_MODE: 'live',
    DARAJA_BASE_URL: proxy.darajaUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
  };
  let server = await spawnServer(env);
  const kill = async () => {
    await server.stop('SIGKILL');
  };
  try {
    const world = await prepare(server.url);

    // 1. Daraja accepted the push (the phone shows the prompt) and the server died before it stored
    // the CheckoutRequestID. The callback, after the restart, finds the payment by the id in its path.
    const first = world.first;
    proxy.holdCallbacks();
    const pushed = proxy.interceptNext(STK_PUSH, kill);
    const start = api(server.url, '/api/payments', {
      method: 'POST',
      token: first.client,
      body: { bookingId: first.bookingId, purpose: 'deposit', method: 'mpesa', phone: '0712 345 678' },
    }).catch((error: Error) => error);
    const checkoutRequestId = JSON.parse(await pushed).CheckoutRequestID as string;
    expect(checkoutRequestId).toMatch(/^ws_CO_/);
    expect(await start, 'the server died before answering the start').toBeInstanceOf(Error);

    server = await spawnServer(env);
    const arrived = proxy.nextCallback();
    proxy.releaseCallbacks();
    const callback = await arrived;
    expect(callback.status).toBe(200);
    const paid = readCallback(callback);
    expect(paid.checkoutRequestId).toBe(checkoutRequestId);

    let seen = await ledger(server.url, world.admin, first);
    expect(seen.payments).toHaveLength(1);
    const payment = seen.payments[0]!;
    expect(payment).toMatchObject({ status: 'succeeded', amount: DEPOSIT, receipt: paid.receipt });
    expect(callback.path).toBe(
      `/api/payments/mpesa/callback/${DARAJA.DARAJA_CALLBACK_SECRET}/${payment._id}`,
    );
    expect(seen.booking).toMatchObject({ amountPaid: DEPOSIT, paymentStatus: 'deposit_paid' });
    expect(seen.receiptMails(payment._id)).toHaveLength(1);

    // The same callback again, and the reconcile step (an admin's check): nothing counted twice.
    expect((await replay(proxy, callback)).status).toBe(200);
    const check = await api(server.url, `/api/payments/${payment._id}/check`, {
      method: 'POST',
      token: world.admin,
    });
    expect(check.status).toBe(409);
    seen = await ledger(server.url, world.admin, first);
    expect(seen.payments).toHaveLength(1);
    expect(seen.payments[0]).toMatchObject({ status: 'succeeded', receipt: paid.receipt });
    expect(seen.booking.amountPaid).toBe(DEPOSIT);
    expect(seen.receiptMails(payment._id)).toHaveLength(1);

    // 2. The callback reached the server, which was asking Daraja to confirm it when it died: nothing
    // was committed, and Daraja does not post a callback twice. After the restart the reconcile
    // step (an admin's check, at once) settles it; Daraja's callback, when it comes again, only
    // brings the M-Pesa receipt number.
    const second = world.second;
    const started = await api(server.url, '/api/payments', {
      method: 'POST',
      token: second.client,
      body: { bookingId: second.bookingId, purpose: 'deposit', method: 'mpesa', phone: '0712 345 679' },
    });
    expect(started.status).toBe(201);
    const secondId = started.body.payment._id as string;
    const lost = proxy.nextCallback();
    await proxy.interceptNext(STK_QUERY, kill);
    const unanswered = await lost;
    expect(unanswered.status, 'the server died before answering the callback').toBeUndefined();
    const late = readCallback(unanswered);

    server = await spawnServer(env);
    seen = await ledger(server.url, world.admin, second);
    expect(seen.payments).toMatchObject([{ _id: secondId, status: 'pending' }]);
    expect(seen.booking.amountPaid).toBe(0);

    const checked = await api(server.url, `/api/payments/${secondId}/check`, {
      method: 'POST',
      token: world.admin,
    });
    expect(checked.status).toBe(200);
    // Daraja's status query names no receipt number: the CheckoutRequestID stands in for it.
    expect(checked.body.payment).toMatchObject({ status: 'succeeded', receipt: late.checkoutRequestId });
    seen = await ledger(server.url, world.admin, second);
    expect(seen.booking).toMatchObject({ amountPaid: DEPOSIT, paymentStatus: 'deposit_paid' });
    expect(seen.receiptMails(secondId)).toHaveLength(1);

    expect((await replay(proxy, unanswered)).status).toBe(200);
    expect((await replay(proxy, unanswered)).status).toBe(200);
    expect(
      (await api(server.url, `/api/payments/${secondId}/check`, { method: 'POST', token: world.admin }))
        .status,
    ).toBe(409);
    seen = await ledger(server.url, world.admin, second);
    expect(seen.payments).toHaveLength(1);
    expect(seen.payments[0]).toMatchObject({ status: 'succeeded', amount: DEPOSIT, receipt: late.receipt });
    expect(seen.booking.amountPaid).toBe(DEPOSIT);
    expect(seen.receiptMails(secondId)).toHaveLength(1);
  } finally {
    await server.stop();
    await proxy.close();
  }
}

describe('a payment through a server crash', () => {
  const dataDir = useDataDir('sherehe-pay-crash-');
  /** Daraja's stand-in: the app in simulator mode, in this process (it is the server under test that dies). */
  let daraja: string;
  const standIn = useTestApp(() => ({
    ...DARAJA,
    PAYMENTS_MODE: 'simulator',
    SIM_CALLBACK_DELAY_MS: String(CALLBACK_DELAY_MS),
  }));
  beforeAll(async () => {
    await standIn.app.listen({ port: 0, host: '127.0.0.1' });
    daraja = `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`;
  });

  itOnEachDatabase(
    'is counted exactly once',
    dataDir,
    (engine) => payThroughCrashes(engine, daraja),
    180_000,
  );
});
