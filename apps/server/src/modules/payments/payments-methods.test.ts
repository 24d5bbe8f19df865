import { MESSAGES } from '@sherehe/shared/messages';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, useTestApp } from '../../../test/build-app';
import { createUser } from '../../../test/factories';
import { acceptedBooking } from './payments.test-support';

// GET /api/payments/methods: what the web offers (and whether it asks for money at all) follows
// PAYMENTS_MODE and the settings given (docs/money.md#payments). The providers are only called when someone pays,
// so live settings need no network here.

const DARAJA_SETTINGS = {
  DARAJA_CONSUMER_KEY: 'key',
  DARAJA_CONSUMER_SECRET: 'secret',
  DARAJA_SHORTCODE: '600123',
  DARAJA_PASSKEY: 'passkey',
  DARAJA_CALLBACK_SECRET: 'a'.repeat(32),
};

const t = useTestApp();

const methodsOf = (context: TestContext, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url: '/api/payments/methods', headers });

/** Builds an app with other payment settings, answers its methods, and closes it. */
async function methodsWith(env: Record<string, string>) {
  const other = await createTestApp(env);
  try {
    const response = await methodsOf(other);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  } finally {
    await other.close();
  }
}

describe('GET /api/payments/methods', () => {
  it('offers M-Pesa and card in simulator mode, to guests and signed-in people alike, cacheable for a minute', async () => {
    const guest = await methodsOf(t);
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual({ success: true, methods: ['mpesa', 'card'], mpesaMaxAmount: 250_000 });
    expect(guest.headers['cache-control']).toBe('public, max-age=60');
    const client = await createUser(t.database.db);
    const signedIn = await methodsOf(t, client.headers);
    expect(signedIn.json()).toEqual({ success: true, methods: ['mpesa', 'card'], mpesaMaxAmount: 250_000 });
  });

  it('offers nothing with payments off, and a payment started anyway is still refused', async () => {
    const off = await createTestApp({ PAYMENTS_MODE: 'off' });
    try {
      const response = await methodsOf(off);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, methods: [], mpesaMaxAmount: 250_000 });
      const w = await acceptedBooking(off);
      const started = await off.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: w.client.headers,
        payload: { bookingId: w.bookingId, purpose: 'deposit', method: 'card' },
      });
      expect(started.statusCode).toBe(409);
      expect(started.json().message).toBe(MESSAGES.payments.methodUnavailable);
    } finally {
      await off.close();
    }
  });

  it('offers in live mode only the methods whose settings are given', async () => {
    expect(await methodsWith({ PAYMENTS_MODE: 'live', PAYSTACK_SECRET_KEY: 'sk_test_x' })).toEqual({
      success: true,
      methods: ['card'],
      mpesaMaxAmount: 250_000,
    });
    expect(await methodsWith({ PAYMENTS_MODE: 'live', ...DARAJA_SETTINGS })).toEqual({
      success: true,
      methods: ['mpesa'],
      mpesaMaxAmount: 250_000,
    });
  });
});
