import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/build-app';
import { freePort } from '../../test/ports';
import { loadConfig } from '../config';
import { createPaymentProviders, mpesaCallbackUrl } from './providers';

let t: TestContext;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('the providers made from the settings', () => {
  it('has none when payments are off, and in live mode only those whose settings are given', () => {
    expect(
      createPaymentProviders(loadConfig({ PAYMENTS_MODE: 'off' }).payments, { publicUrl: 'http://x.test' }),
    ).toEqual({});
    const cardOnly = createPaymentProviders(
      loadConfig({ PAYMENTS_MODE: 'live', PAYSTACK_SECRET_KEY: 'sk_test_x' }).payments,
      { publicUrl: 'https://sherehe.co.ke' },
    );
    expect(Object.keys(cardOnly)).toEqual(['card']);
    expect(cardOnly.card).toMatchObject({ method: 'card', partialRefunds: true });
    expect(mpesaCallbackUrl('https://sherehe.co.ke', 'abc')).toBe(
      'https://sherehe.co.ke/api/payments/mpesa/callback/abc',
    );
  });

  it('in simulator mode, reach the simulator on this app by the default base URLs', async () => {
    const providers = createPaymentProviders(t.config.payments, { publicUrl: t.config.publicUrl });
    expect(providers.mpesa).toMatchObject({ method: 'mpesa', partialRefunds: false });
    t.app.paymentSimulator!.daraja.callbackDelayMs = 0;
    const pushed = await providers.mpesa!.start({
      paymentId: randomUUID(),
      amountCents: 300_000,
      label: 'Deposit',
      phone: '254712345678',
    });
    expect(pushed.ok).toBe(true);
    expect(await providers.mpesa!.query(pushed.ok ? pushed.value.providerRef : '')).toEqual({
      ok: true,
      value: { status: 'succeeded' },
    });
    const checkout = await providers.card!.start({
      paymentId: randomUUID(),
      amountCents: 300_000,
      label: 'Deposit',
      email: 'otieno@example.test',
      returnUrl: `${t.config.publicUrl}/dashboard/bookings`,
    });
    expect(checkout).toMatchObject({
      ok: true,
      value: {
        checkoutUrl: expect.stringMatching(new RegExp(`^${t.config.publicUrl}/__sim/paystack/checkout/`)),
      },
    });
  });
});
