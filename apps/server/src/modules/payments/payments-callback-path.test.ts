import { MESSAGES } from '@sherehe/shared/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStarted } from '../../../test/build-app';
import { createUser, type TestUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import { jobs, payments, refunds } from '../../db/schema';
import { refundStatusJobKey } from '../ledger/refund-status.service';
import {
  PAYMENT_RECEIPT_MAIL_JOB,
  RECEIPT_MAIL_WAITS_FOR_CALLBACK_MS,
  receiptMailKey,
} from './payments.service';
import {
  acceptedBooking,
  amountPaid as amountPaidOf,
  cancelBooking,
  checkPayment,
  darajaCallback,
  paymentRow,
  postDarajaCallback,
  postPaymentCallback,
  receiptMailJobs,
  resultKnownAtProvider as resultKnown,
  startPayment,
  until,
  usePaymentsApp,
  type World,
} from './payments.test-support';

/**
 * The M-Pesa callback at the payment's own address (`…/callback/{secret}/{paymentId}`): a payment whose
 * start never learnt its CheckoutRequestID (the push's answer lost, the server killed) is still found,
 * and a success counted before its callback gets its M-Pesa receipt number when the callback comes.
 * The simulator's own callbacks wait a minute, so only the calls below reach the payments.
 */
let admin: TestUser;

const smtp = useStarted(startSmtpServer);
const t = usePaymentsApp(() => ({
  SIM_CALLBACK_DELAY_MS: '60000',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Sherehe <no-reply@sherehe.test>',
}));
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
});

/** An M-Pesa deposit of Ksh 3,000 the phone has not answered yet, and the CheckoutRequestID of its push. */
async function pendingDeposit(w: World, phone = '0712345678') {
  const started = await startPayment(t, w, { phone });
  expect(started.statusCode).toBe(201);
  const id = started.json().payment._id as string;
  return { id, ref: (await paymentRow(t, id)).providerRef! };
}

/** As if the push's answer had never reached us: the payment does not know its CheckoutRequestID. */
const forgetRef = (id: string) =>
  t.database.db.update(payments).set({ providerRef: null }).where(eq(payments.id, id));

/** The simulator knows the push's result from now on (its own callback still waits its minute). */
const resultKnownAtProvider = <T>(run: () => Promise<T>) => resultKnown(t, run);
const amountPaid = (w: World) => amountPaidOf(t, w);
const receiptJobs = (paymentId: string) => receiptMailJobs(t, paymentId);

const check = (id: string) => checkPayment(t, admin, id);

/** A deposit on a new booking titled `title`, found paid by a status check before Daraja's callback. */
async function checkedBeforeCallback(title: string) {
  const w = await acceptedBooking(t, { title });
  const { id, ref } = await pendingDeposit(w);
  const checked = await resultKnownAtProvider(() => check(id));
  return { w, id, ref, checked };
}

describe("an M-Pesa callback at the payment's address", () => {
  it('settles a payment that never learnt its CheckoutRequestID, once, after a query confirms it', async () => {
    const w = await acceptedBooking(t);
    const { id, ref } = await pendingDeposit(w);
    await forgetRef(id);

    const answered = await resultKnownAtProvider(() =>
      postPaymentCallback(t, id, darajaCallback(ref, 3000, 'PATHRCPT01')),
    );
    expect(answered.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await paymentRow(t, id)).toMatchObject({
      status: 'succeeded',
      providerRef: ref,
      receipt: 'PATHRCPT01',
      fee: 300,
    });
    expect(await amountPaid(w)).toBe(3000);
    // The real receipt number came with it: the mail need not wait.
    const [mail] = await receiptJobs(id);
    expect(mail).toMatchObject({ kind: PAYMENT_RECEIPT_MAIL_JOB });
    expect(mail!.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    // Replayed at either address, and checked again: nothing is counted twice.
    await postPaymentCallback(t, id, darajaCallback(ref, 3000, 'PATHRCPT01'));
    await postDarajaCallback(t, darajaCallback(ref, 3000, 'PATHRCPT01'));
    expect((await check(id)).statusCode).toBe(409);
    expect(await amountPaid(w)).toBe(3000);
    expect(await receiptJobs(id)).toHaveLength(1);
    expect(
      await t.database.db.select().from(payments).where(eq(payments.bookingId, w.bookingId)),
    ).toHaveLength(1);
  });

  it('keeps the CheckoutRequestID of a push still being processed, so the reconcile step can ask about it', async () => {
    const w = await acceptedBooking(t);
    const { id, ref } = await pendingDeposit(w);
    await forgetRef(id);
    // Daraja still says "being processed" for this push: nothing is counted, but the reference is learnt.
    await postPaymentCallback(t, id, darajaCallback(ref, 3000, 'PROCESS001'));
    expect(await paymentRow(t, id)).toMatchObject({ status: 'pending', providerRef: ref, receipt: null });
    expect(await amountPaid(w)).toBe(0);

    const checked = await resultKnownAtProvider(() => check(id));
    expect(checked.json().payment).toMatchObject({ status: 'succeeded' });
    expect(await amountPaid(w)).toBe(3000);
  });

  it('refuses what does not add up: an unknown push, a wrong amount, another payment’s CheckoutRequestID', async () => {
    const w = await acceptedBooking(t);
    const other = await acceptedBooking(t);
    const third = await acceptedBooking(t);
    const lost = await pendingDeposit(w);
    const known = await pendingDeposit(other);
    const withRef = await pendingDeposit(third);
    await forgetRef(lost.id);

    await resultKnownAtProvider(async () => {
      // A CheckoutRequestID Daraja has never heard of: its query is refused, nothing is learnt.
      await postPaymentCallback(t, lost.id, darajaCallback('ws_CO_00000000000000000000000000', 3000));
      // The push is real, but the amount is not the one asked for.
      await postPaymentCallback(t, lost.id, darajaCallback(lost.ref, 1));
      // Another payment's CheckoutRequestID at this payment's address.
      await postPaymentCallback(t, lost.id, darajaCallback(known.ref, 3000, 'KNOWNRCPT1'));
      // This payment's CheckoutRequestID at the address of a payment that has its own.
      await postPaymentCallback(t, withRef.id, darajaCallback(lost.ref, 3000, 'LOSTRCPT01'));
    });
    expect(await paymentRow(t, lost.id)).toMatchObject({ status: 'pending', providerRef: null });
    expect(await paymentRow(t, known.id)).toMatchObject({ status: 'pending', providerRef: known.ref });
    expect(await paymentRow(t, withRef.id)).toMatchObject({ status: 'pending', providerRef: withRef.ref });
    for (const world of [w, other, third]) expect(await amountPaid(world)).toBe(0);

    // The right one still settles it.
    await resultKnownAtProvider(() =>
      postPaymentCallback(t, lost.id, darajaCallback(lost.ref, 3000, 'LOSTRCPT01')),
    );
    expect(await paymentRow(t, lost.id)).toMatchObject({ status: 'succeeded', receipt: 'LOSTRCPT01' });
    expect(await paymentRow(t, known.id)).toMatchObject({ status: 'pending' });
  });
});

describe('a success counted before its callback', () => {
  it('gets the M-Pesa receipt number from the late callback, once, and mails it', async () => {
    const w = await acceptedBooking(t, { title: 'Late Callback Gala' });
    const { id, ref } = await pendingDeposit(w);

    // The status query says paid, but not the receipt number: the CheckoutRequestID stands in for it,
    // and the receipt mail waits for the callback that may bring the number.
    const checked = await resultKnownAtProvider(() => check(id));
    expect(checked.json().payment).toMatchObject({ status: 'succeeded', receipt: ref });
    const [waiting] = await receiptJobs(id);
    expect(waiting).toMatchObject({ kind: PAYMENT_RECEIPT_MAIL_JOB, status: 'pending' });
    expect(waiting!.runAt.getTime() - waiting!.createdAt.getTime()).toBeGreaterThanOrEqual(
      RECEIPT_MAIL_WAITS_FOR_CALLBACK_MS - 1000,
    );

    await resultKnownAtProvider(async () => {
      // Not the amount asked for: the stand-in stays.
      await postPaymentCallback(t, id, darajaCallback(ref, 1, 'WRONGAMT01'));
      expect((await paymentRow(t, id)).receipt).toBe(ref);
      // Daraja's callback: its receipt number replaces the stand-in.
      await postPaymentCallback(t, id, darajaCallback(ref, 3000, 'LATERCPT01'));
      // Once: a later one, at either address, changes nothing.
      await postPaymentCallback(t, id, darajaCallback(ref, 3000, 'OTHERRCPT2'));
      await postDarajaCallback(t, darajaCallback(ref, 3000, 'OTHERRCPT2'));
    });
    expect(await paymentRow(t, id)).toMatchObject({
      status: 'succeeded',
      receipt: 'LATERCPT01',
      amount: 3000,
      fee: 300,
    });
    expect(await amountPaid(w)).toBe(3000);

    // The waiting mail went at once, with the receipt number; still one mail for the payment.
    await t.app.jobs.drain();
    const jobsNow = await receiptJobs(id);
    expect(jobsNow).toHaveLength(1);
    expect(jobsNow[0]).toMatchObject({ status: 'done' });
    const mail = await smtp.waitFor(w.client.email, /Payment received: Late Callback Gala/);
    expect(decodeQuotedPrintable(mail.raw)).toContain('Receipt number: LATERCPT01');
    expect(smtp.received.filter((m) => m.to.includes(w.client.email))).toHaveLength(1);
    const page = await t.app.inject({ url: `/api/payments/${id}/receipt`, headers: w.client.headers });
    expect(page.body).toContain('LATERCPT01');
  });

  it('says the M-Pesa receipt number is to follow while the CheckoutRequestID stands in: in the API, on the receipt page and in a mail sent meanwhile', async () => {
    const { w, id, ref, checked } = await checkedBeforeCallback('Receipt To Follow Party');
    // `receipt` stays a string, as before; `receiptProvisional` says it is a stand-in.
    expect(checked.json().payment).toMatchObject({
      status: 'succeeded',
      receipt: ref,
      receiptProvisional: true,
    });
    const one = await t.app.inject({ url: `/api/payments/${id}`, headers: w.client.headers });
    expect(one.json().payment).toMatchObject({ receipt: ref, receiptProvisional: true });
    const list = await t.app.inject({
      url: `/api/payments?booking=${w.bookingId}`,
      headers: w.planner.headers,
    });
    expect(list.json().payments).toEqual([expect.objectContaining({ _id: id, receiptProvisional: true })]);

    // The printable receipt calls no request id a receipt number.
    const page = await t.app.inject({ url: `/api/payments/${id}/receipt`, headers: w.client.headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<dt>Receipt number</dt><dd>${MESSAGES.receipts.numberToFollow}</dd>`);
    expect(page.body).not.toContain(ref);

    // The mail's wait ends before any callback: it says the same, and is not sent again later.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.uniqueKey, receiptMailKey(id)));
    await t.app.jobs.drain();
    const mail = decodeQuotedPrintable(
      (await smtp.waitFor(w.client.email, /Payment received: Receipt To Follow Party/)).raw,
    );
    expect(mail).toContain('Receipt number: To follow: M-Pesa has confirmed the payment');
    expect(mail).not.toContain(ref);

    // Daraja's callback brings the number: the receipt is M-Pesa's from then on.
    await resultKnownAtProvider(() => postPaymentCallback(t, id, darajaCallback(ref, 3000, 'FOLLOWED01')));
    const after = await t.app.inject({ url: `/api/payments/${id}`, headers: w.client.headers });
    expect(after.json().payment).toMatchObject({ receipt: 'FOLLOWED01', receiptProvisional: false });
    const pageAfter = await t.app.inject({ url: `/api/payments/${id}/receipt`, headers: w.client.headers });
    expect(pageAfter.body).toContain('<dt>Receipt number</dt><dd>FOLLOWED01</dd>');
  });

  it('sends no M-Pesa reversal while the receipt number is to follow; the refund goes once the callback brings it', async () => {
    const { w, id, ref, checked } = await checkedBeforeCallback('Refund Waits Party');
    expect(checked.json().payment).toMatchObject({ status: 'succeeded', receiptProvisional: true });
    const cancelled = await cancelBooking(t, w, 'planner');
    expect(cancelled.statusCode).toBe(200);

    // A reversal names the M-Pesa receipt: with only the request id known, nothing is sent yet.
    await t.app.jobs.drain();
    const refundOf = async () =>
      (await t.database.db.select().from(refunds).where(eq(refunds.paymentId, id)))[0]!;
    const waiting = await refundOf();
    expect(waiting).toMatchObject({ status: 'pending', amount: 3000, sentAt: null, providerRef: null });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `refund:${waiting.id}`));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('receipt number');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    // Daraja's callback brings the number (the one on the payer's SMS): the refund goes at once,
    // naming it, and Daraja reverses it (it refuses a reversal of anything but a receipt it issued).
    const receipt = t.app.paymentSimulator!.daraja.receiptOf(ref);
    expect(receipt).toMatch(/^SIM/);
    const done = await resultKnownAtProvider(async () => {
      const answered = await postPaymentCallback(t, id, darajaCallback(ref, 3000, receipt));
      expect(answered.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      await t.app.jobs.drain();
      const sent = await until(refundOf, (refund) => refund.providerRef !== null);
      expect(sent.sentAt).not.toBeNull();
      // With no delay here, Daraja's result may come before the reversal's reference is committed and
      // go unmatched; the status job that asks Daraja settles it then, as it would in production.
      await t.database.db
        .update(jobs)
        .set({ runAt: new Date() })
        .where(eq(jobs.uniqueKey, refundStatusJobKey(waiting.id)));
      await t.app.jobs.drain();
      return until(refundOf, (refund) => refund.status !== 'pending');
    });
    expect(done).toMatchObject({ status: 'succeeded', amount: 3000 });
    const booking = (await t.app.inject({ url: '/api/bookings/my', headers: w.client.headers }))
      .json()
      .bookings.find((each: { _id: string }) => each._id === w.bookingId);
    expect(booking).toMatchObject({ amountPaid: 3000, amountRefunded: 3000, paymentStatus: 'refunded' });
  });
});
