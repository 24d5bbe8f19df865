import { MESSAGES } from '@sherehe/shared/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentRow, createUser, type TestUser } from '../../../test/factories';
import { jobs, payments } from '../../db/schema';
import {
  acceptedBooking,
  amountPaid as amountPaidOf,
  checkPayment,
  darajaCallback,
  paymentRow,
  postDarajaCallback,
  resultKnownAtProvider as resultKnown,
  startPayment,
  usePaymentsApp,
  type World,
} from './payments.test-support';

let admin: TestUser;

// The simulator's callbacks would come only after a minute: within a test, only a check can tell.
const t = usePaymentsApp(() => ({ SIM_CALLBACK_DELAY_MS: '60000' }));
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
});

const check = (user: TestUser | undefined, id: string) => checkPayment(t, user, id);

/** The M-Pesa deposit a client starts, still waiting for the phone. */
async function pendingDeposit(w: World, phone: string) {
  const started = await startPayment(t, w, { phone });
  expect(started.statusCode).toBe(201);
  return started.json().payment as { _id: string; status: string };
}

const amountPaid = (w: World) => amountPaidOf(t, w);
/** The simulator knows the push's result from now on; its own callback still waits its minute. */
const resultKnownAtProvider = <T>(run: () => Promise<T>) => resultKnown(t, run);

describe('POST /api/payments/:id/check', () => {
  it('is for admins only; an unknown payment is a 404', async () => {
    const w = await acceptedBooking(t);
    const payment = await pendingDeposit(w, '0712345678');
    expect((await check(undefined, payment._id)).statusCode).toBe(401);
    for (const user of [w.client, w.planner]) {
      const refused = await check(user, payment._id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await paymentRow(t, payment._id)).status).toBe('pending');
    const unknown = await check(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.payments.notFound });
    expect((await check(admin, 'not-an-id')).statusCode).toBe(404);
  });

  it('leaves a payment pending while the provider has no answer (an unreachable phone, …1037)', async () => {
    const w = await acceptedBooking(t);
    const payment = await pendingDeposit(w, '0712341037');
    const checked = await resultKnownAtProvider(() => check(admin, payment._id));
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ success: true, payment: { _id: payment._id, status: 'pending' } });
    expect(await amountPaid(w)).toBe(0);
  });

  it('settles a success before its callback arrives, and the late callback counts nothing again', async () => {
    const w = await acceptedBooking(t);
    const payment = await pendingDeposit(w, '0712345678');
    const ref = (await paymentRow(t, payment._id)).providerRef!;

    const checked = await resultKnownAtProvider(() => check(admin, payment._id));
    expect(checked.statusCode).toBe(200);
    expect(checked.json().payment).toMatchObject({ _id: payment._id, status: 'succeeded', amount: 3000 });
    expect(await amountPaid(w)).toBe(3000);
    // The platform's fee is fixed as it succeeds: 10 % of Ksh 3,000.
    expect((await paymentRow(t, payment._id)).fee).toBe(300);

    // Daraja's callback, a minute late: the payment is already counted.
    const late = await postDarajaCallback(t, darajaCallback(ref, 3000, 'SIMLATE001'));
    expect(late.statusCode).toBe(200);
    expect(await amountPaid(w)).toBe(3000);
    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, w.bookingId));
    expect(rows).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.uniqueKey, `payment-receipt:${payment._id}`)),
    ).toHaveLength(1);

    // Settled: a second check is refused, and says why.
    const again = await check(admin, payment._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: MESSAGES.payments.notPending });
  });

  it('records what the phone said when the payment did not go through (…1032)', async () => {
    const w = await acceptedBooking(t);
    const payment = await pendingDeposit(w, '0712341032');
    const checked = await resultKnownAtProvider(() => check(admin, payment._id));
    expect(checked.json().payment).toMatchObject({ status: 'cancelled', failureReason: 'cancelled_by_user' });
  });

  it('gives up on a payment still unanswered after its time (expired)', async () => {
    const w = await acceptedBooking(t);
    const payment = await pendingDeposit(w, '0712341037');
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(payments.id, payment._id));
    const checked = await check(admin, payment._id);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().payment).toMatchObject({ status: 'expired', failureReason: 'expired' });
  });

  it('refuses a payment that is no longer pending', async () => {
    const w = await acceptedBooking(t);
    const failed = await createPaymentRow(t.database.db, {
      bookingId: w.bookingId,
      userId: w.client.id,
      status: 'failed',
      failureReason: 'wrong_pin',
    });
    const refused = await check(admin, failed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: MESSAGES.payments.notPending });
    expect((await paymentRow(t, failed.id)).status).toBe('failed');
  });
});
