import { MESSAGES } from '@sherehe/shared/messages';
import { MESSAGES_SW } from '@sherehe/shared/messages-sw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsApp, postPaystackWebhook, startPaymentsApp } from './payments.test-support';

/**
 * Trust nothing from outside (DESIGN §7): a callback or a webhook, even an authentic one, is a claim.
 * Money is counted only once the provider confirms it (Paystack's verify, Daraja's STK query), for the
 * amount asked, under a receipt number no other payment has. The simulator's M-Pesa callbacks wait a
 * minute and its card webhooks go to a receiver, so only the calls the tests make reach the payments.
 */
let t: PaymentsApp;

beforeAll(async () => {
  t = await startPaymentsApp({ SIM_CALLBACK_DELAY_MS: '60000' });
});
afterAll(() => t.close());

/** Paystack's `charge.success` webhook body for a reference, as Paystack writes it. */
const chargeSuccess = (reference: string, amountCents: number) =>
  JSON.stringify({
    event: 'charge.success',
    data: {
      id: 4_100_001,
      status: 'success',
      reference,
      amount: amountCents,
      currency: 'KES',
      gateway_response: 'Approved',
      paid_at: new Date().toISOString(),
      channel: 'card',
    },
  });

describe('a refused callback', () => {
  it('says why, from the payments messages, in the caller’s language', async () => {
    const body = chargeSuccess('no-such-reference', 100);
    const forged = await postPaystackWebhook(t, body, 'sk_test_not_the_secret');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: MESSAGES.payments.callbackForged,
    });

    const garbled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mpesa/callback/${t.config.payments.mpesa!.callbackSecret}`,
      headers: { 'content-type': 'application/json', 'accept-language': 'sw' },
      payload: '{"Body":',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toMatchObject({
      code: 'VALIDATION',
      message: MESSAGES_SW.payments.callbackNotUnderstood,
    });
  });
});
