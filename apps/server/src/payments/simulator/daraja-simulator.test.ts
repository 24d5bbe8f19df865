import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { normaliseKenyanPhone } from '@sherehe/shared/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import {
  type CallbackReceiver,
  type ReceivedCall,
  startCallbackReceiver,
} from '../../../test/callback-receiver';
import type { DarajaSettings } from '../../config';
import { DarajaClient } from '../daraja-client';
import { MpesaProvider } from '../mpesa-provider';
import { outcomeUnknown, type ProviderEvent } from '../provider';
import type { PaymentSimulator } from './simulator.plugin';

/**
 * The real Daraja client and M-Pesa provider against the simulator, over HTTP: the app listens on a
 * random port, and the callbacks go to a receiver on another.
 */
let t: TestContext;
let receiver: CallbackReceiver;
let sim: PaymentSimulator;
let settings: DarajaSettings;
let simUrl: string;
let provider: MpesaProvider;

const client = (overrides: Partial<ConstructorParameters<typeof DarajaClient>[0]> = {}) =>
  new DarajaClient({ ...settings, baseUrl: simUrl, ...overrides });

beforeAll(async () => {
  t = await createTestApp({ SIM_CALLBACK_DELAY_MS: '50' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  simUrl = `http://127.0.0.1:${port}/__sim/daraja`;
  receiver = await startCallbackReceiver();
  sim = t.app.paymentSimulator!;
  settings = t.config.payments.mpesa!;
  provider = new MpesaProvider({
    client: client(),
    callbackUrl: `${receiver.url}/api/payments/mpesa/callback/${settings.callbackSecret}`,
    callbackSecret: settings.callbackSecret,
  });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const pay = (phone: string, amountCents = 150_000, paymentId = randomUUID()) =>
  provider.start({ paymentId, amountCents, label: 'Deposit', phone });

/** The secret segment of a callback's path: the one after `/callback/` (a payment's id may follow it). */
const secretOf = (path: string) => path.split('/callback/')[1]?.split('/')[0];

/** The STK callback for one push, read by the provider as the app's route will. */
async function callbackFor(checkoutRequestId: string): Promise<{ call: ReceivedCall; event: ProviderEvent }> {
  const call = await receiver.waitFor(
    (c) =>
      (c.body as { Body?: { stkCallback?: { CheckoutRequestID?: string } } })?.Body?.stkCallback
        ?.CheckoutRequestID === checkoutRequestId,
  );
  const parsed = provider.parseCallback({
    rawBody: call.rawBody,
    headers: call.headers,
    pathSecret: secretOf(call.path),
  });
  if (!parsed.ok) throw new Error(`refused: ${parsed.error.detail}`);
  return { call, event: parsed.value };
}

describe('the Daraja simulator, through the real client', () => {
  it('takes a payment: the callback carries the amount and a SIM receipt, and a query confirms it', async () => {
    const paymentId = randomUUID();
    const started = await pay(normaliseKenyanPhone('0712 345 678')!, 150_000, paymentId);
    expect(started).toEqual({ ok: true, value: { providerRef: expect.stringMatching(/^ws_CO_\d{26}$/) } });
    const providerRef = started.ok ? started.value.providerRef : '';
    const { call, event } = await callbackFor(providerRef);
    // Posted to the push's CallBackURL: the secret path, then our payment's id.
    expect(call.path).toBe(`/api/payments/mpesa/callback/${settings.callbackSecret}/${paymentId}`);
    expect(event).toEqual({
      kind: 'payment',
      providerRef,
      state: {
        status: 'succeeded',
        amountCents: 150_000,
        receipt: expect.stringMatching(/^SIM[A-Z0-9]{7}$/),
        paidAt: expect.any(Date),
      },
    });
    expect(await provider.query(providerRef)).toEqual({ ok: true, value: { status: 'succeeded' } });
  });

  it.each([
    ['254712341032', { status: 'cancelled', reason: 'cancelled_by_user' }],
    ['254712342001', { status: 'failed', reason: 'wrong_pin' }],
    ['254712340001', { status: 'failed', reason: 'insufficient_funds' }],
    ['254110001032', { status: 'cancelled', reason: 'cancelled_by_user' }],
  ])('answers a push to %s with its outcome, by callback and by query', async (phone, state) => {
    const started = await pay(phone);
    const providerRef = started.ok ? started.value.providerRef : '';
    const { event } = await callbackFor(providerRef);
    expect(event).toEqual({
      kind: 'payment',
      providerRef,
      state: { ...state, detail: expect.stringMatching(/^\d+: /) },
    });
    expect(await provider.query(providerRef)).toEqual({
      ok: true,
      value: event.kind === 'payment' && event.state,
    });
  });

  it('never calls back for an unreachable phone (…1037): the query says processing, then the timeout', async () => {
    sim.daraja.unreachableAfterMs = 600_000;
    const started = await pay('254712341037');
    const providerRef = started.ok ? started.value.providerRef : '';
    expect(await provider.query(providerRef)).toEqual({ ok: true, value: { status: 'pending' } });
    expect(await client().stkQuery(providerRef)).toEqual({ ok: true, value: { state: 'processing' } });
    sim.daraja.unreachableAfterMs = 0;
    expect(await provider.query(providerRef)).toEqual({
      ok: true,
      value: {
        status: 'failed',
        reason: 'phone_unreachable',
        detail: '1037: DS timeout user cannot be reached',
      },
    });
    // A push made after it has had its callback; the unreachable one still has none.
    const later = await pay('254799000000');
    await callbackFor(later.ok ? later.value.providerRef : '');
    expect(receiver.received.filter((call) => call.rawBody.includes(providerRef))).toEqual([]);
  });

  it('keeps its token until shortly before it expires, and fetches one for callers waiting together', async () => {
    let now = Date.now();
    const clocked = client({ now: () => new Date(now) });
    const issued = sim.daraja.tokensIssued;
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => clocked.accessToken()));
    expect(new Set(tokens.map((token) => token.ok && token.value)).size).toBe(1);
    expect(sim.daraja.tokensIssued).toBe(issued + 1);
    now += (3599 - 120) * 1000;
    expect(await clocked.accessToken()).toEqual(tokens[0]);
    expect(sim.daraja.tokensIssued).toBe(issued + 1);
    // Within the last minute of its hour: a new one, before Daraja would refuse the old.
    now += 90 * 1000;
    const renewed = await clocked.accessToken();
    expect(renewed.ok && renewed.value).not.toBe(tokens[0]!.ok && tokens[0]!.value);
    expect(sim.daraja.tokensIssued).toBe(issued + 2);
  });

  it('refreshes a short-lived token by the lifetime Daraja gives', async () => {
    sim.daraja.tokenTtlSeconds = 5;
    try {
      let now = Date.now();
      const clocked = client({ now: () => new Date(now) });
      const first = await clocked.accessToken();
      now += 4000;
      expect(await clocked.accessToken()).toEqual(first);
      now += 600;
      const second = await clocked.accessToken();
      expect(second.ok && second.value).not.toBe(first.ok && first.value);
    } finally {
      sim.daraja.tokenTtlSeconds = 3599;
    }
  });

  it('gets a new token once when Daraja refuses the one it has (401), and sends the call again', async () => {
    const fresh = client();
    const started = await pay('254712345678');
    const providerRef = started.ok ? started.value.providerRef : '';
    await fresh.accessToken();
    const issued = sim.daraja.tokensIssued;
    sim.daraja.revokeTokens();
    const answer = await fresh.stkQuery(providerRef);
    expect(answer.ok).toBe(true);
    expect(sim.daraja.tokensIssued).toBe(issued + 1);
  });

  it('is refused with wrong credentials, a wrong passkey or a timestamp not on Nairobi clocks', async () => {
    const base = {
      amount: 10,
      phone: '254712345678',
      callbackUrl: `${receiver.url}/cb`,
      accountReference: 'A',
      description: 'D',
    };
    expect(await client({ consumerSecret: 'wrong' }).stkPush(base)).toMatchObject({
      ok: false,
      error: { kind: 'auth', status: 400, code: '400.008.01' },
    });
    expect(await client({ passkey: 'wrong' }).stkPush(base)).toMatchObject({
      ok: false,
      error: { kind: 'rejected', status: 400, message: 'Daraja STK push: Bad Request - Invalid Password' },
    });
    // A clock three hours behind writes UTC's time where Nairobi's belongs.
    const utcClock = client({ now: () => new Date(Date.now() - 3 * 3_600_000) });
    expect(await utcClock.stkPush(base)).toMatchObject({
      ok: false,
      error: { kind: 'rejected', message: 'Daraja STK push: Bad Request - Invalid Timestamp' },
    });
    expect(await client().stkQuery('ws_CO_unknown')).toMatchObject({
      ok: false,
      error: { kind: 'rejected', message: 'Daraja STK query: Bad Request - Invalid CheckoutRequestID' },
    });
  });

  it('refuses a reversal or a status query from a wrong initiator, credential or shortcode', async () => {
    const reversal = {
      receipt: 'SIM0000000',
      amount: 10,
      resultUrl: `${receiver.url}/result`,
      timeoutUrl: `${receiver.url}/timeout`,
      remarks: 'Refund',
    };
    const status = {
      originalConversationId: 'AG_20261124_0',
      resultUrl: `${receiver.url}/result`,
      timeoutUrl: `${receiver.url}/timeout`,
      remarks: 'Status',
      occasion: 'refund',
    };
    const refused = (field: string, call: string) => ({
      ok: false,
      error: { kind: 'rejected', status: 400, message: `Daraja ${call}: Bad Request - Invalid ${field}` },
    });
    for (const wrong of [{ initiatorName: 'someone-else' }, { securityCredential: 'wrong' }]) {
      expect(await client(wrong).reverse(reversal)).toMatchObject(refused('Initiator', 'reversal'));
      expect(await client(wrong).transactionStatus(status)).toMatchObject(
        refused('Initiator', 'transaction status'),
      );
    }
    const otherShortcode = client({ shortcode: '600999' });
    expect(await otherShortcode.reverse(reversal)).toMatchObject(refused('ReceiverParty', 'reversal'));
    expect(await otherShortcode.transactionStatus(status)).toMatchObject(
      refused('PartyA', 'transaction status'),
    );
    // The right initiator is accepted (the outcome comes later, to ResultURL).
    expect(await client().transactionStatus(status)).toMatchObject({ ok: true });
  });

  it('reverses a whole payment once; the result comes as a callback', async () => {
    const started = await pay('254712345670', 250_000);
    const providerRef = started.ok ? started.value.providerRef : '';
    const { event } = await callbackFor(providerRef);
    const receipt = event.kind === 'payment' && event.state.status === 'succeeded' ? event.state.receipt : '';
    const refund = {
      providerRef,
      receipt,
      amountCents: 250_000,
      paymentAmountCents: 250_000,
      reason: 'Cancelled',
    };

    expect(await provider.refund({ ...refund, amountCents: 100_000 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    const reversal = await provider.refund(refund);
    expect(reversal).toEqual({
      ok: true,
      value: { refundRef: expect.stringMatching(/^AG_/), status: 'pending' },
    });
    const result = async (refundRef: string) => {
      const call = await receiver.waitFor(
        (c) => (c.body as { Result?: { ConversationID?: string } })?.Result?.ConversationID === refundRef,
      );
      return provider.parseCallback({
        rawBody: call.rawBody,
        headers: call.headers,
        pathSecret: secretOf(call.path),
      });
    };
    const refundRef = reversal.ok ? reversal.value.refundRef : '';
    expect(await result(refundRef)).toEqual({
      ok: true,
      value: { kind: 'refund', refundRef, status: 'succeeded', detail: expect.stringMatching(/^0: /) },
    });
    const again = await provider.refund(refund);
    const againRef = again.ok ? again.value.refundRef : '';
    expect(await result(againRef)).toMatchObject({ ok: true, value: { kind: 'refund', status: 'failed' } });
  });

  it('refuses a callback at the wrong path, and one that is not Daraja’s shape', async () => {
    const started = await pay('254712345671');
    const { call } = await callbackFor(started.ok ? started.value.providerRef : '');
    for (const pathSecret of [
      undefined,
      '',
      'guess',
      `${settings.callbackSecret}x`,
      settings.callbackSecret.slice(1),
    ])
      expect(
        provider.parseCallback({ rawBody: call.rawBody, headers: call.headers, pathSecret }),
      ).toMatchObject({
        ok: false,
        error: { reason: 'forged' },
      });
    for (const rawBody of ['', 'not json', '{}', '{"Body":{"stkCallback":{}}}'])
      expect(
        provider.parseCallback({ rawBody, headers: {}, pathSecret: settings.callbackSecret }),
      ).toMatchObject({
        ok: false,
        error: { reason: 'malformed' },
      });
  });

  it('turns a silent or absent server into errors whose outcome is unknown', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const timedOut = await client({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 }).accessToken();
      expect(timedOut).toMatchObject({ ok: false, error: { kind: 'timeout' } });
      expect(!timedOut.ok && outcomeUnknown(timedOut.error)).toBe(true);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    const absent = await client({ baseUrl: `http://127.0.0.1:${port}` }).accessToken();
    expect(absent).toMatchObject({ ok: false, error: { kind: 'network' } });
  });

  it('refuses an amount with cents or a missing phone before anything is sent', async () => {
    const issued = sim.daraja.tokensIssued;
    expect(await pay('254712345678', 150_050)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(await provider.start({ paymentId: randomUUID(), amountCents: 100, label: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(sim.daraja.tokensIssued).toBe(issued);
  });
});
