import { MESSAGES } from '@sherehe/shared/messages';
import { MESSAGES_SW } from '@sherehe/shared/messages-sw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackReceiver, startCallbackReceiver } from '../../../test/callback-receiver';
import { createUser, type TestUser } from '../../../test/factories';
import {
  acceptedBooking,
  amountPaid,
  checkPayment,
  darajaCallback,
  ledgerRowsOf,
  type PaymentsApp,
  paymentRow,
  postDarajaCallback,
  postPaymentCallback,
  postPaystackWebhook,
  pressCheckout,
  receiptMailJobs,
  resultKnownAtProvider,
  startPayment,
  startPaymentsApp,
  type World,
} from './payments.test-support';

/**
 * Trust nothing from outside (docs/money.md#payment-providers): a callback or a webhook, even an authentic one, is a claim.
 * Money is counted only once the provider confirms it (Paystack's verify, Daraja's STK query), for the
 * amount asked, under a receipt number no other payment has. The simulator's M-Pesa callbacks wait a
 * minute and its card webhooks go to a receiver, so only the calls the tests make reach the payments.
 */
let t: PaymentsApp;
let webhooks: CallbackReceiver;
let admin: TestUser;

beforeAll(async () => {
  t = await startPaymentsApp({ SIM_CALLBACK_DELAY_MS: '60000' });
  webhooks = await startCallbackReceiver();
  t.app.paymentSimulator!.paystack.webhookUrl = `${webhooks.url}/paystack`;
  admin = await createUser(t.database.db, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await webhooks.close();
});

/** Nothing of the payment is counted: still pending, nothing paid on its booking, no ledger row, no mail. */
async function expectNotCounted(w: World, paymentId: string) {
  expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'pending', receipt: null });
  expect(await amountPaid(t, w)).toBe(0);
  expect(await ledgerRowsOf(t, paymentId)).toEqual([]);
  expect(await receiptMailJobs(t, paymentId)).toEqual([]);
}

/** Counted once: succeeded, its amount paid on the booking, one payment row in the ledger. */
async function expectCountedOnce(w: World, paymentId: string, amount: number) {
  expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'succeeded', amount });
  expect(await amountPaid(t, w)).toBe(amount);
  const ledger = await ledgerRowsOf(t, paymentId);
  expect(ledger.filter((row) => row.kind === 'payment').map((row) => row.amount)).toEqual([amount]);
  expect(await receiptMailJobs(t, paymentId)).toHaveLength(1);
}

/** A card deposit of Ksh 3,000 whose checkout is open at the simulator, nobody having paid yet. */
async function cardDeposit(w: World) {
  const started = await startPayment(t, w, { method: 'card' });
  expect(started.statusCode).toBe(201);
  const { payment } = started.json();
  return { id: payment._id as string, checkoutUrl: payment.checkoutUrl as string };
}

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

describe('a Paystack webhook, even correctly signed, is confirmed by verify', () => {
  it('counts nothing of a charge.success for a checkout nobody paid', async () => {
    const w = await acceptedBooking(t);
    const payment = await cardDeposit(w);
    const claim = chargeSuccess(payment.id, 300_000);

    const answered = await postPaystackWebhook(t, claim);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ success: true });
    await expectNotCounted(w, payment.id);

    // The same webhook, once the payer has paid and verify agrees, is counted, once.
    expect((await pressCheckout(t, payment.checkoutUrl)).status).toBe(303);
    await postPaystackWebhook(t, claim);
    await postPaystackWebhook(t, claim);
    await expectCountedOnce(w, payment.id, 3000);
  });

  it('counts nothing of a paid charge whose webhook names another amount', async () => {
    const w = await acceptedBooking(t);
    const payment = await cardDeposit(w);
    expect((await pressCheckout(t, payment.checkoutUrl)).status).toBe(303);
    // The simulator's own webhook for the payment, held by the receiver.
    const genuine = await webhooks.waitFor(
      (call) => (call.body as { data?: { reference?: string } }).data?.reference === payment.id,
    );
    const altered = JSON.parse(genuine.rawBody);
    expect(altered.data.amount).toBe(300_000);
    altered.data.amount = 100;

    // Paid at Paystack, but the webhook says Ksh 1: not the amount asked for, so nothing is counted.
    const answered = await postPaystackWebhook(t, JSON.stringify(altered));
    expect(answered.statusCode).toBe(200);
    await expectNotCounted(w, payment.id);

    // Paystack's own webhook, byte for byte with its signature: counted.
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': String(genuine.headers['x-paystack-signature']),
      },
      payload: genuine.rawBody,
    });
    expect(delivered.statusCode).toBe(200);
    await expectCountedOnce(w, payment.id, 3000);
  });
});

describe('an M-Pesa receipt number belongs to one payment', () => {
  /** An M-Pesa deposit of Ksh 3,000 waiting for the phone, and its CheckoutRequestID. */
  async function pendingDeposit(w: World) {
    const started = await startPayment(t, w, { phone: '0712345678' });
    expect(started.statusCode).toBe(201);
    const id = started.json().payment._id as string;
    return { id, ref: (await paymentRow(t, id)).providerRef! };
  }

  it("is never counted for a second payment whose callback carries another payment's receipt", async () => {
    const first = await acceptedBooking(t);
    const second = await acceptedBooking(t);
    const a = await pendingDeposit(first);
    const b = await pendingDeposit(second);

    await resultKnownAtProvider(t, () =>
      postPaymentCallback(t, a.id, darajaCallback(a.ref, 3000, 'DUPRCPT001')),
    );
    expect(await paymentRow(t, a.id)).toMatchObject({ status: 'succeeded', receipt: 'DUPRCPT001' });

    // B's own push, the right amount, confirmed by B's query, but A's receipt number: the unique
    // receipt refuses it in the settling transaction, which leaves nothing behind.
    const answered = await resultKnownAtProvider(t, () =>
      postPaymentCallback(t, b.id, darajaCallback(b.ref, 3000, 'DUPRCPT001')),
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // At the older address too.
    const again = await resultKnownAtProvider(t, () =>
      postDarajaCallback(t, darajaCallback(b.ref, 3000, 'DUPRCPT001')),
    );
    expect(again.statusCode).toBe(200);
    await expectNotCounted(second, b.id);
    await expectCountedOnce(first, a.id, 3000);
    expect((await paymentRow(t, a.id)).receipt).toBe('DUPRCPT001');

    // B's push did succeed at Daraja: a query counts it, under its own reference, never A's receipt.
    const checked = await resultKnownAtProvider(t, () => checkPayment(t, admin, b.id));
    expect(checked.json().payment).toMatchObject({ status: 'succeeded', receipt: b.ref });
    await expectCountedOnce(second, b.id, 3000);

    // A late callback may bring B's receipt number, but not A's: refused, the stand-in stays.
    const late = await resultKnownAtProvider(t, () =>
      postPaymentCallback(t, b.id, darajaCallback(b.ref, 3000, 'DUPRCPT001')),
    );
    expect(late.statusCode).toBe(200);
    expect((await paymentRow(t, b.id)).receipt).toBe(b.ref);
    await expectCountedOnce(second, b.id, 3000);
    await expectCountedOnce(first, a.id, 3000);
  });
});
