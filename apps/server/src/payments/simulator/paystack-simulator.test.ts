import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import {
  type CallbackReceiver,
  type ReceivedCall,
  startCallbackReceiver,
} from '../../../test/callback-receiver';
import { PaystackClient, paystackSignature } from '../paystack-client';
import { PaystackProvider } from '../paystack-provider';
import type { PaymentSimulator } from './simulator.plugin';

/**
 * The real Paystack client and card provider against the simulator, over HTTP, with the checkout page
 * fetched and its form posted as a browser would, and webhooks received on another port.
 */
let t: TestContext;
let receiver: CallbackReceiver;
let sim: PaymentSimulator;
let appUrl: string;
let client: PaystackClient;
let provider: PaystackProvider;
let secretKey: string;

beforeAll(async () => {
  t = await createTestApp({ SIM_CALLBACK_DELAY_MS: '50' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  appUrl = `http://127.0.0.1:${port}`;
  receiver = await startCallbackReceiver();
  sim = t.app.paymentSimulator!;
  sim.paystack.webhookUrl = `${receiver.url}/api/payments/paystack/webhook`;
  secretKey = t.config.payments.card!.secretKey;
  client = new PaystackClient({ baseUrl: `${appUrl}/__sim/paystack`, secretKey });
  provider = new PaystackProvider(client);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const returnUrl = () => `${receiver.url}/dashboard/bookings/${randomUUID()}?paid=1`;

async function startCheckout(amountCents = 130_000) {
  const paymentId = randomUUID();
  const back = returnUrl();
  const started = await provider.start({
    paymentId,
    amountCents,
    label: 'Balance',
    email: 'wanjiru@example.test',
    returnUrl: back,
  });
  if (!started.ok) throw new Error(started.error.message);
  return { paymentId, back, ...started.value, checkoutUrl: started.value.checkoutUrl! };
}

/** Presses Pay or Decline on the checkout page, as the browser's form post does. */
const press = (checkoutUrl: string, outcome: string) =>
  fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: appUrl },
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });

const webhook = (event: string, match: (data: Record<string, unknown>) => boolean) =>
  receiver.waitFor((call) => {
    const body = call.body as { event?: string; data?: Record<string, unknown> } | undefined;
    return body?.event === event && !!body.data && match(body.data);
  });

const read = (call: ReceivedCall) => provider.parseCallback({ rawBody: call.rawBody, headers: call.headers });

describe('the Paystack simulator, through the real client', () => {
  it('pays through the checkout page: signed webhook, back to the shop, verify says success', async () => {
    const { paymentId, back, providerRef, checkoutUrl } = await startCheckout();
    expect(providerRef).toBe(paymentId);
    expect(checkoutUrl).toBe(`${appUrl}/__sim/paystack/checkout/${paymentId}`);
    expect(await provider.query(providerRef)).toEqual({ ok: true, value: { status: 'pending' } });

    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    // A browser posts its form with the page's origin only when the referrer policy lets it.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    const html = await page.text();
    expect(html).toContain('Pay Ksh 1,300');
    expect(html).toContain('wanjiru@example.test');

    const pressed = await press(checkoutUrl, 'pay');
    expect(pressed.status).toBe(303);
    const location = new URL(pressed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(back.split('?')[0]);
    expect(location.searchParams.get('reference')).toBe(paymentId);
    expect(location.searchParams.get('trxref')).toBe(paymentId);
    expect(location.searchParams.get('paid')).toBe('1');

    // Sent before the redirect, so it is already here.
    const call = await webhook('charge.success', (data) => data.reference === paymentId);
    expect(call.path).toBe('/api/payments/paystack/webhook');
    expect(call.headers['x-paystack-signature']).toBe(paystackSignature(secretKey, call.rawBody));
    expect(read(call)).toEqual({
      ok: true,
      value: {
        kind: 'payment',
        providerRef: paymentId,
        state: { status: 'succeeded', amountCents: 130_000, receipt: paymentId, paidAt: expect.any(Date) },
      },
    });
    expect(await provider.query(providerRef)).toEqual({
      ok: true,
      value: { status: 'succeeded', amountCents: 130_000, receipt: paymentId, paidAt: expect.any(Date) },
    });
    const verified = await client.verify(paymentId);
    expect(verified).toMatchObject({
      ok: true,
      value: { status: 'success', currency: 'KES', amountCents: 130_000 },
    });
  });

  it('declines through the checkout page: the webhook and verify say it failed', async () => {
    const { paymentId, checkoutUrl } = await startCheckout();
    expect((await press(checkoutUrl, 'decline')).status).toBe(303);
    const call = await webhook('charge.failed', (data) => data.reference === paymentId);
    expect(read(call)).toEqual({
      ok: true,
      value: {
        kind: 'payment',
        providerRef: paymentId,
        state: { status: 'failed', reason: 'declined', detail: 'Declined' },
      },
    });
    expect(await provider.query(paymentId)).toEqual({
      ok: true,
      value: { status: 'failed', reason: 'declined', detail: 'Declined' },
    });
    // The checkout is finished: pressing again changes nothing.
    expect((await press(checkoutUrl, 'pay')).status).toBe(409);
    expect(await client.verify(paymentId)).toMatchObject({ ok: true, value: { status: 'failed' } });
  });

  it('detects a webhook with a bad signature', async () => {
    const { paymentId, checkoutUrl } = await startCheckout();
    await press(checkoutUrl, 'pay');
    const call = await webhook('charge.success', (data) => data.reference === paymentId);
    const tampered = call.rawBody.replace('"amount":130000', '"amount":1');
    expect(tampered).not.toBe(call.rawBody);
    expect(provider.parseCallback({ rawBody: tampered, headers: call.headers })).toMatchObject({
      ok: false,
      error: { reason: 'forged' },
    });
    for (const signature of [undefined, '', paystackSignature('sk_test_guessed', call.rawBody)])
      expect(
        provider.parseCallback({ rawBody: call.rawBody, headers: { 'x-paystack-signature': signature } }),
      ).toMatchObject({ ok: false, error: { reason: 'forged' } });
  });

  it('refunds in part and then the rest; each refund is confirmed by webhook and verify shows it', async () => {
    const { paymentId, checkoutUrl } = await startCheckout(500_000);
    await press(checkoutUrl, 'pay');
    const refund = { providerRef: paymentId, paymentAmountCents: 500_000, reason: 'Client cancelled' };

    const part = await provider.refund({ ...refund, amountCents: 150_000 });
    expect(part).toEqual({
      ok: true,
      value: { refundRef: expect.stringMatching(/^\d+$/), status: 'pending' },
    });
    const partRef = part.ok ? part.value.refundRef : '';
    const partCall = await webhook('refund.processed', (data) => String(data.id) === partRef);
    expect(read(partCall)).toEqual({
      ok: true,
      value: {
        kind: 'refund',
        refundRef: partRef,
        status: 'succeeded',
        providerRef: paymentId,
        amountCents: 150_000,
        detail: 'refund.processed (processed)',
      },
    });
    expect(await provider.query(paymentId)).toMatchObject({ ok: true, value: { status: 'succeeded' } });

    expect(await provider.refund({ ...refund, amountCents: 400_000 })).toMatchObject({
      ok: false,
      error: { kind: 'rejected', status: 400 },
    });
    const rest = await provider.refund({ ...refund, amountCents: 350_000 });
    const restRef = rest.ok ? rest.value.refundRef : '';
    await webhook('refund.processed', (data) => String(data.id) === restRef);
    expect(await provider.query(paymentId)).toMatchObject({
      ok: true,
      value: { status: 'succeeded', refunded: true, amountCents: 500_000 },
    });
    expect(await provider.refund({ ...refund, amountCents: 500_000 })).toMatchObject({
      ok: false,
      error: { kind: 'rejected', message: 'Paystack: Transaction has been fully reversed' },
    });
  });

  it('refunds a whole payment without naming the amount, and refuses to refund an unpaid one', async () => {
    const paid = await startCheckout(90_000);
    await press(paid.checkoutUrl, 'pay');
    const whole = await provider.refund({
      providerRef: paid.paymentId,
      amountCents: 90_000,
      paymentAmountCents: 90_000,
      reason: 'Planner cancelled',
    });
    const refundRef = whole.ok ? whole.value.refundRef : '';
    const call = await webhook('refund.processed', (data) => String(data.id) === refundRef);
    expect(read(call)).toMatchObject({ ok: true, value: { kind: 'refund', amountCents: 90_000 } });

    const unpaid = await startCheckout();
    expect(
      await provider.refund({
        providerRef: unpaid.paymentId,
        amountCents: 130_000,
        paymentAmountCents: 130_000,
        reason: 'x',
      }),
    ).toMatchObject({ ok: false, error: { kind: 'rejected' } });
  });

  it('refuses what Paystack refuses: a reused reference, an unknown one, a wrong key', async () => {
    const { paymentId } = await startCheckout();
    expect(
      await provider.start({ paymentId, amountCents: 100, label: 'x', email: 'a@example.test' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'rejected', message: 'Paystack: Duplicate Transaction Reference' },
    });
    expect(await provider.query(randomUUID())).toMatchObject({
      ok: false,
      error: { kind: 'rejected', message: 'Paystack: Transaction reference not found' },
    });
    const stranger = new PaystackClient({ baseUrl: `${appUrl}/__sim/paystack`, secretKey: 'sk_test_wrong' });
    expect(await stranger.verify(paymentId)).toMatchObject({
      ok: false,
      error: { kind: 'auth', status: 401 },
    });
    expect(await provider.start({ paymentId: randomUUID(), amountCents: 100, label: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(
      await client.initialize({ email: 'a@example.test', amountCents: 99.5, reference: randomUUID() }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });
});

describe('the checkout page', () => {
  it('is a small accessible page: lang, title, viewport, labelled buttons, no script, its own strict policy', async () => {
    const { checkoutUrl, back } = await startCheckout();
    const response = await fetch(checkoutUrl);
    const html = await response.text();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).not.toMatch(/<script/i);
    const buttons = [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)];
    expect(buttons.map(([, , label]) => label!.trim())).toEqual(['Pay Ksh 1,300', 'Decline']);
    for (const [, attributes] of buttons)
      expect(attributes).toMatch(/type="submit" name="outcome" value="(pay|decline)"/);
    expect(html).toMatch(/<form method="post" action="\/__sim\/paystack\/checkout\/[0-9a-f-]+"/);

    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(policy).toContain(`form-action 'self' ${new URL(back).origin};`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('says so for an unknown checkout, and asks again for a form without a choice', async () => {
    const missing = await fetch(`${appUrl}/__sim/paystack/checkout/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html lang="en">');
    const { checkoutUrl } = await startCheckout();
    expect((await press(checkoutUrl, 'maybe')).status).toBe(400);
    expect(await provider.query(checkoutUrl.split('/').pop()!)).toEqual({
      ok: true,
      value: { status: 'pending' },
    });
  });

  it('is refused when posted from another site (the app’s origin check)', async () => {
    const { checkoutUrl } = await startCheckout();
    const forged = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
  });
});
