import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidPaystackSignature, parsePaystackWebhook, paystackSignature } from './paystack-client';

const SECRET = 'sk_test_0123456789';
const body = JSON.stringify({
  event: 'charge.success',
  data: {
    reference: 'ref-1',
    status: 'success',
    amount: 130000,
    currency: 'KES',
    gateway_response: 'Approved',
    paid_at: '2026-05-01T10:00:00.000Z',
    channel: 'card',
  },
});

describe('the Paystack webhook signature', () => {
  it('is HMAC-SHA512 of the raw body with the secret key, in hex', () => {
    expect(paystackSignature(SECRET, body)).toBe(createHmac('sha512', SECRET).update(body).digest('hex'));
    expect(paystackSignature(SECRET, body)).toMatch(/^[0-9a-f]{128}$/);
  });

  it('accepts only the right signature over the exact bytes', () => {
    const good = paystackSignature(SECRET, body);
    expect(isValidPaystackSignature(SECRET, body, good)).toBe(true);
    expect(isValidPaystackSignature(SECRET, body, good.toUpperCase())).toBe(true);
    expect(isValidPaystackSignature('sk_test_other', body, good)).toBe(false);
    expect(isValidPaystackSignature(SECRET, `${body} `, good)).toBe(false);
    expect(isValidPaystackSignature(SECRET, JSON.stringify(JSON.parse(body), null, 1), good)).toBe(false);
    for (const bad of [undefined, '', 'abc', good.slice(0, 127), `${good}00`, [good], 'z'.repeat(128)])
      expect(isValidPaystackSignature(SECRET, body, bad)).toBe(false);
  });

  it('reads a signed webhook and refuses a forged or malformed one', () => {
    expect(parsePaystackWebhook(SECRET, body, paystackSignature(SECRET, body))).toEqual({
      ok: true,
      value: {
        type: 'charge',
        event: 'charge.success',
        transaction: {
          reference: 'ref-1',
          status: 'success',
          amountCents: 130000,
          currency: 'KES',
          gatewayResponse: 'Approved',
          paidAt: new Date('2026-05-01T10:00:00.000Z'),
          channel: 'card',
        },
      },
    });
    expect(parsePaystackWebhook(SECRET, body, paystackSignature('sk_test_guess', body))).toEqual({
      ok: false,
      error: { reason: 'forged', detail: expect.any(String) },
    });
    const notJson = 'not json';
    expect(parsePaystackWebhook(SECRET, notJson, paystackSignature(SECRET, notJson))).toMatchObject({
      ok: false,
      error: { reason: 'malformed' },
    });
    const noAmount = JSON.stringify({ event: 'charge.success', data: { reference: 'r', status: 'success' } });
    expect(parsePaystackWebhook(SECRET, noAmount, paystackSignature(SECRET, noAmount))).toMatchObject({
      ok: false,
      error: { reason: 'malformed' },
    });
    const other = JSON.stringify({ event: 'transfer.success', data: {} });
    expect(parsePaystackWebhook(SECRET, other, paystackSignature(SECRET, other))).toEqual({
      ok: true,
      value: { type: 'other', event: 'transfer.success' },
    });
  });
});
