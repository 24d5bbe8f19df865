import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MESSAGES } from '@sherehe/shared/messages';
import { paymentsMessages as swPayments } from '@sherehe/shared/messages/sw/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema';
import {
  acceptedBooking,
  darajaCallback,
  type PaymentsApp,
  startPaymentsApp,
} from '../src/modules/payments/payments.test-support';
import { paystackSignature } from '../src/payments/paystack-client';
import { injectAs } from './build-app';
import { createTestDatabase } from './db';
import { createUser } from './factories';

/** The app with `env` and a log kept in memory. */
async function logged(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-callbacks-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const database: Database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: { level: 'info', stream }, jobWorker: false });
  return {
    app,
    config,
    database,
    log: () => lines.join(''),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('refused payment callbacks', () => {
  let t: Awaited<ReturnType<typeof logged>>;
  beforeAll(async () => {
    t = await logged();
  });
  afterAll(() => t.close());

  it('are answered once: the refusal, and no "Reply was already sent" in the log', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/callback/not-the-secret-at-all-0123456789',
      payload: { Body: {} },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: MESSAGES.payments.callbackForged,
    });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: { event: 'charge.success', data: {} },
    });
    expect(unsigned.statusCode).toBe(403);
    const garbled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mpesa/callback/${t.config.payments.mpesa!.callbackSecret}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"Body": nonsense',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toMatchObject({
      code: 'VALIDATION',
      message: MESSAGES.payments.callbackNotUnderstood,
    });
    expect(t.log()).toContain('payment callback refused');
    expect(t.log()).not.toContain('Reply was already sent');
  });
});

describe('M-Pesa prompts to one phone', () => {
  let t: PaymentsApp;
  beforeAll(async () => {
    // No simulated callback arrives during the test: the prompts stay pending.
    t = await startPaymentsApp({ RATE_MPESA_PROMPTS_PER_PHONE: '2/10m', SIM_CALLBACK_DELAY_MS: '600000' });
  });
  afterAll(() => t.close());

  const start = async (phone: string | undefined, lang: 'en' | 'sw' = 'en') => {
    const client = await createUser(t.database.db, { role: 'client', locale: lang });
    const w = await acceptedBooking(t, { client });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...client.headers, 'accept-language': lang },
      payload: { bookingId: w.bookingId, purpose: 'deposit', method: 'mpesa', ...(phone ? { phone } : {}) },
    });
  };

  it('are limited across accounts, the profile phone counted as the one sent, other phones untouched', async () => {
    expect((await start('0712 300 111')).statusCode).toBe(201);
    expect((await start('+254712300111')).statusCode).toBe(201);

    const third = await start('254712300111');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(third.json().message).toMatch(
      /^Too many M-Pesa prompts were sent to this phone number\. Please try again in (10|9) minutes\.$/,
    );
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    const swahili = await start('0712300111', 'sw');
    expect(swahili.statusCode).toBe(429);
    expect(swahili.json().message).toBe(
      swPayments.phonePromptsLimited(Math.ceil(Number(swahili.headers['retry-after']) / 60)),
    );

    // No phone sent: the profile's number gets the prompt, so it is the one counted.
    const client = await createUser(t.database.db, { role: 'client' });
    await t.database.db.update(users).set({ phoneNumber: '0712300111' }).where(eq(users.id, client.id));
    const w = await acceptedBooking(t, { client });
    const fromProfile = await injectAs(t, client, 'POST', '/api/payments', {
      bookingId: w.bookingId,
      purpose: 'deposit',
      method: 'mpesa',
    });
    expect(fromProfile.statusCode).toBe(429);

    expect((await start('0722 300 222')).statusCode).toBe(201);
  });
});

describe('payment callbacks from one address', () => {
  let t: PaymentsApp;
  beforeAll(async () => {
    t = await startPaymentsApp({ RATE_PAYMENT_CALLBACKS_FORGED_PER_ADDRESS: '2/1h' });
  });
  afterAll(() => t.close());

  const forged = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/callback/forged-secret-0123456789abcdef',
      headers: { 'content-type': 'application/json' },
      payload: darajaCallback('ws_CO_unknown', 100),
      remoteAddress,
    });

  it('are refused with 429 once an address has sent too many refused ones, while the genuine ones always pass', async () => {
    const address = '100.64.20.1';
    expect((await forged(address)).statusCode).toBe(403);
    expect((await forged(address)).statusCode).toBe(403);
    const limited = await forged(address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      remoteAddress: address,
    });
    expect(unsigned.statusCode).toBe(429);

    // The provider's own calls from that address: authentic, never counted, never refused.
    for (let i = 0; i < 4; i += 1) {
      const daraja = await t.app.inject({
        method: 'POST',
        url: `/api/payments/mpesa/callback/${t.config.payments.mpesa!.callbackSecret}`,
        headers: { 'content-type': 'application/json' },
        payload: darajaCallback('ws_CO_retry', 100),
        remoteAddress: address,
      });
      expect(daraja.statusCode).toBe(200);
      expect(daraja.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    const signed = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': paystackSignature(t.config.payments.card!.secretKey, body),
        },
        payload: body,
        remoteAddress: address,
      });
    expect((await signed(JSON.stringify({ event: 'transfer.success', data: {} }))).statusCode).toBe(200);
    // Signed but not understood: the provider's own, told so, never turned into a 429.
    for (let i = 0; i < 3; i += 1) expect((await signed(JSON.stringify({ data: {} }))).statusCode).toBe(400);

    // Another address has its own count.
    expect((await forged('100.64.20.2')).statusCode).toBe(403);
  });
});
