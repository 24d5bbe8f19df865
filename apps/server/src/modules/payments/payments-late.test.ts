import { MESSAGES } from '@sherehe/shared/messages';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStarted } from '../../../test/build-app';
import { createUser, type TestUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import { payments, refunds, users } from '../../db/schema';
import { refundStatusJobKey } from '../ledger/refund-status.service';
import { PAYMENT_RECONCILE_JOB } from './payments.service';
import {
  acceptedBooking,
  amountPaid,
  cancelBooking,
  ledgerRowsOf,
  postPaymentCallback,
  pressCheckout,
  readPayment,
  startPayment,
  until,
  usePaymentsApp,
  type World,
} from './payments.test-support';

/**
 * Payments that succeed after we gave up on them (expired after ten minutes), through the simulator
 * for both providers: a card checkout is voided at expiry (the simulator then refuses to pay it); one
 * that cannot be voided, and an M-Pesa prompt, may still complete, hold up a new payment for the same
 * thing, and are counted if still owed or refunded through the provider otherwise, both parties told.
 */

const smtp = useStarted(startSmtpServer);
// Daraja's results come only when a test says (callbackDelayMs 0), so the expiry comes first.
const t = usePaymentsApp(() => ({
  SIM_CALLBACK_DELAY_MS: '600000',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Sherehe <no-reply@sherehe.test>',
}));
beforeAll(async () => {
  t.app.paymentSimulator!.paystack.refundDelayMs = 0;
});
afterEach(() => {
  t.app.paymentSimulator!.paystack.voidsCheckouts = true;
  t.app.paymentSimulator!.daraja.callbackDelayMs = 600_000;
});

/** Ten minutes pass without an answer: the reconcile job runs and gives up on the payment. */
async function expire(paymentId: string) {
  await t.database.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(payments.id, paymentId));
  await runReconcile(paymentId);
}

/** The payment's reconcile job, now. */
async function runReconcile(paymentId: string) {
  await t.app.jobs.dueNow(t.database.db, `${PAYMENT_RECONCILE_JOB}:${paymentId}`);
  await t.app.jobs.drain();
}

const refundsOf = async (w: World) =>
  (await t.app.inject({ url: `/api/bookings/${w.bookingId}/refunds`, headers: w.client.headers })).json()
    .refunds as Array<{ payment: string; amount: number; rule: string; status: string }>;

const cancelByPlanner = (w: World) => cancelBooking(t, w, 'planner');

describe('a card checkout given up on', () => {
  it('is voided at expiry: the simulator refuses to pay it and its page says so; a new payment may start', async () => {
    const w = await acceptedBooking(t);
    const first = (await startPayment(t, w, { method: 'card' })).json().payment;
    await expire(first._id);
    expect(await readPayment(t, w, first._id)).toMatchObject({ status: 'expired', failureReason: 'expired' });

    const page = await fetch(first.checkoutUrl);
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain(MESSAGES.payments.checkoutVoidedTitle);
    expect(html).toContain(MESSAGES.payments.checkoutVoidedText);
    expect(html).not.toContain('name="outcome"');
    const pressed = await pressCheckout(t, first.checkoutUrl);
    expect(pressed.status).toBe(409);
    expect(await pressed.text()).toContain(MESSAGES.payments.checkoutVoidedTitle);
    expect(await readPayment(t, w, first._id)).toMatchObject({ status: 'expired' });
    expect(await amountPaid(t, w)).toBe(0);

    // Voided, it can never complete: the deposit may be paid again.
    expect((await startPayment(t, w, { method: 'card' })).statusCode).toBe(201);
  });

  it('that could not be voided (as at Paystack) holds up a second start (409), and its late success is counted', async () => {
    t.app.paymentSimulator!.paystack.voidsCheckouts = false;
    const w = await acceptedBooking(t);
    const first = (await startPayment(t, w, { method: 'card' })).json().payment;
    await expire(first._id);
    expect(await readPayment(t, w, first._id)).toMatchObject({ status: 'expired' });

    // It may still be paid: no second payment of the deposit, by card or M-Pesa.
    for (const body of [{ method: 'card' }, { method: 'mpesa', phone: '0712345678' }]) {
      const again = await startPayment(t, w, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        success: false,
        message: MESSAGES.payments.earlierMayComplete,
        payment: { _id: first._id, status: 'expired' },
      });
    }

    // The payer finishes the checkout late: the deposit is still owed, so it counts.
    expect((await pressCheckout(t, first.checkoutUrl)).status).toBe(303);
    const paid = await until(
      () => readPayment(t, w, first._id),
      (p) => p.status === 'succeeded',
    );
    expect(paid).toMatchObject({ status: 'succeeded', amount: 3000, failureReason: null });
    expect(await amountPaid(t, w)).toBe(3000);
    expect((await ledgerRowsOf(t, first._id)).map((row) => [row.kind, row.amount]).sort()).toEqual([
      ['fee', -300],
      ['payment', 3000],
    ]);
    await smtp.waitFor(w.client.email, /Payment received/);
    // Paid: nothing more to start.
    const after = await startPayment(t, w, { method: 'card' });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ message: MESSAGES.payments.depositPaid });
  });
});

describe('a card payment that succeeds after its window, once the deposit was paid again', () => {
  it('is never taken twice: refunded through Paystack uncounted, the client and the planner told', async () => {
    t.app.paymentSimulator!.paystack.voidsCheckouts = false;
    const w = await acceptedBooking(t, { title: 'Sherehe ya Kuzaliwa' });
    const first = (await startPayment(t, w, { method: 'card' })).json().payment;
    await expire(first._id);
    // A day later its window is over: the deposit may be paid again, and is, by M-Pesa.
    await t.database.db
      .update(payments)
      .set({ mayCompleteUntil: new Date(Date.now() - 1000) })
      .where(eq(payments.id, first._id));
    t.app.paymentSimulator!.daraja.callbackDelayMs = 0;
    const second = await startPayment(t, w, { phone: '0712345678' });
    expect(second.statusCode).toBe(201);
    expect(
      await until(
        () => readPayment(t, w, second.json().payment._id),
        (p) => p.status === 'succeeded',
      ),
    ).toMatchObject({ status: 'succeeded' });
    expect(await amountPaid(t, w)).toBe(3000);

    // The old checkout, still open at Paystack, is paid after all.
    expect((await pressCheckout(t, first.checkoutUrl)).status).toBe(303);
    const refundList = await until(
      () => refundsOf(w),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(refundList).toEqual([
      expect.objectContaining({ payment: first._id, amount: 3000, rule: 'paid_late', status: 'succeeded' }),
    ]);
    expect(await readPayment(t, w, first._id)).toMatchObject({ status: 'expired' });
    expect(await amountPaid(t, w)).toBe(3000);
    expect(await ledgerRowsOf(t, first._id)).toEqual([]);
    await smtp.waitFor(w.client.email, /late payment for Sherehe ya Kuzaliwa/);
    const plannerMail = await smtp.waitFor(w.planner.email, /late payment for Sherehe ya Kuzaliwa/);
    expect(decodeQuotedPrintable(plannerMail.raw)).toContain('your earnings do not change');
  });
});

describe('an M-Pesa payment that succeeds after its expiry', () => {
  it('holds up a second start while it may complete; once nothing is owed (booking cancelled), it is reversed, uncounted, both parties told', async () => {
    const w = await acceptedBooking(t, { title: 'Harusi ya Pwani' });
    const first = (await startPayment(t, w, { phone: '0712345678' })).json().payment;
    await expire(first._id);
    expect(await readPayment(t, w, first._id)).toMatchObject({ status: 'expired' });
    const again = await startPayment(t, w, { phone: '0712345678' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ payment: { _id: first._id } });

    expect((await cancelByPlanner(w)).statusCode).toBe(200);

    // The payer entered the PIN after all: Daraja's callback brings the success, with its receipt.
    const sim = t.app.paymentSimulator!.daraja;
    sim.callbackDelayMs = 0;
    const stored = (await t.database.db.select().from(payments).where(eq(payments.id, first._id)))[0]!;
    const receipt = sim.receiptOf(stored.providerRef!)!;
    const callback = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: stored.providerRef,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 3000 },
              { Name: 'MpesaReceiptNumber', Value: receipt },
              { Name: 'PhoneNumber', Value: 254712345678 },
            ],
          },
        },
      },
    });
    expect((await postPaymentCallback(t, first._id, callback)).statusCode).toBe(200);

    // Never counted: the booking shows nothing paid and the ledger has no row of it.
    expect(await readPayment(t, w, first._id)).toMatchObject({ status: 'expired' });
    expect(await amountPaid(t, w)).toBe(0);
    // Refunded through M-Pesa (a reversal) in full. With no delay here, Daraja's result may come
    // before the reversal's reference is committed and go unmatched; the status job settles it then.
    const sent = await until(
      () => t.database.db.select().from(refunds).where(eq(refunds.paymentId, first._id)),
      (rows) => rows[0]?.providerRef != null,
    );
    await t.app.jobs.dueNow(t.database.db, refundStatusJobKey(sent[0]!.id));
    await t.app.jobs.drain();
    const refundList = await until(
      () => refundsOf(w),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(refundList).toEqual([
      expect.objectContaining({ payment: first._id, amount: 3000, rule: 'paid_late', status: 'succeeded' }),
    ]);
    expect(await ledgerRowsOf(t, first._id)).toEqual([]);

    // Both told: the client that it is refunded, the planner that their earnings do not change.
    const clientMail = await smtp.waitFor(w.client.email, /late payment for Harusi ya Pwani/);
    expect(decodeQuotedPrintable(clientMail.raw)).toContain('It is being refunded to you in full');
    const plannerMail = await smtp.waitFor(w.planner.email, /late payment for Harusi ya Pwani/);
    expect(decodeQuotedPrintable(plannerMail.raw)).toContain('your earnings do not change');
    await smtp.waitFor(w.client.email, /Your refund for/);
  });
});

describe('a plan payment that succeeds after its expiry', () => {
  const buy = (user: TestUser, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/payments', headers: user.headers, payload: body });
  const planOf = async (user: TestUser) =>
    (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;

  it('is applied when no other period was bought meanwhile, else refunded', async () => {
    t.app.paymentSimulator!.paystack.voidsCheckouts = false;
    const user = await createUser(t.database.db);
    const late = (await buy(user, { planId: 'pro', method: 'card' })).json().payment;
    await expire(late._id);
    // Another plan cannot start while Pro may still be paid.
    expect((await buy(user, { planId: 'basic', method: 'card' })).statusCode).toBe(409);
    await pressCheckout(t, late.checkoutUrl);
    await until(
      () => planOf(user),
      (row) => row.planId === 'pro',
    );
    expect((await planOf(user)).planId).toBe('pro');

    // A second late one, after the person bought Basic meanwhile: refunded, Basic kept.
    const other = await createUser(t.database.db);
    const slow = (await buy(other, { planId: 'enterprise', method: 'card' })).json().payment;
    await expire(slow._id);
    // Its window over (a day later), Basic is bought and paid.
    await t.database.db
      .update(payments)
      .set({ mayCompleteUntil: new Date(Date.now() - 1000) })
      .where(eq(payments.id, slow._id));
    const basic = (await buy(other, { planId: 'basic', method: 'card' })).json().payment;
    expect(basic.status).toBe('pending');
    await pressCheckout(t, basic.checkoutUrl);
    await until(
      () => planOf(other),
      (row) => row.planId === 'basic',
    );
    const basicUntil = (await planOf(other)).planUntil!.getTime();
    await pressCheckout(t, slow.checkoutUrl);
    await smtp.waitFor(other.email, /late payment for Enterprise/);
    await smtp.waitFor(other.email, /Your refund for Enterprise/);
    const after = await planOf(other);
    expect(after.planId).toBe('basic');
    expect(after.planUntil!.getTime()).toBe(basicUntil);
  });
});
