import { bookingParties } from '@sherehe/shared/booking-status';
import { MESSAGES } from '@sherehe/shared/messages';
import { depositAmount, type PaymentFailureReason } from '@sherehe/shared/payments';
import { normaliseKenyanPhone } from '@sherehe/shared/phone';
import type { StartPaymentBody } from '@sherehe/shared/schemas/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { isId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import { queueMail } from '../../mail/mail-jobs';
import { paymentReceiptMail } from '../../mail/templates';
import {
  outcomeUnknown,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPaymentState,
} from '../../payments/provider';
import type { PaymentProviders } from '../../payments/providers';
import { lockBooking } from '../bookings/bookings.queries';
import { receiptFacts, receiptLines, receiptUrl } from './payment-receipt';
import {
  findPayerContact,
  findPayment,
  findPaymentByProviderRef,
  findPaymentReceipt,
  findPendingPayment,
  insertPayment,
  lockPayment,
  type PaymentRow,
  sumSucceededPayments,
  updatePayment,
} from './payments.queries';

export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';
/** The first status query, once the payer has had time to answer the prompt or finish the checkout. */
export const RECONCILE_FIRST_AFTER_MS = 60_000;
/** A payment still pending this long after it started is given up on (the prompt is long gone). */
export const PAYMENT_EXPIRES_AFTER_MS = 10 * 60_000;

interface Actor {
  id: string;
  role: string;
}

/** Tells the booking's open pages (the route passes the socket server's emit). */
export type PaymentNotifier = (payment: PaymentRow) => void;

export interface PaymentDeps {
  db: Db;
  jobs: JobQueue;
  providers: PaymentProviders;
  publicUrl: string;
  /** PLATFORM_FEE_PERCENT in hundredths of a percent: the fee fixed on each payment as it succeeds. */
  feeBasisPoints: number;
  log: FastifyBaseLogger;
  notify: PaymentNotifier;
}

/** A payment for the same thing is already waiting: the route answers 409 with it. */
export class PendingPaymentError extends AppError {
  constructor(readonly payment: PaymentRow) {
    super('CONFLICT', MESSAGES.payments.alreadyPending);
  }
}

const toCents = (ksh: number) => Math.round(ksh * 100);

/** The platform's share of an amount in cents, rounded half up to the cent (integers throughout). */
export function platformFee(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

/**
 * Starts a deposit or balance payment of a booking. The row is committed (pending, with its reconcile
 * job) before the provider is called, so a crash or an unanswered call still leaves something the job
 * will query; the provider is never asked to start the same payment twice.
 */
export async function startPayment(
  deps: PaymentDeps & { actor: Actor; input: StartPaymentBody },
): Promise<PaymentRow> {
  const { db, jobs, providers, actor, input } = deps;
  const provider = providers[input.method];
  if (!provider) throw new AppError('CONFLICT', MESSAGES.payments.methodUnavailable);
  const payer = await findPayerContact(db, actor.id);
  if (!payer) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  const phone = input.phone ?? normaliseKenyanPhone(payer.phoneNumber);

  let payment: PaymentRow;
  try {
    payment = await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, input.bookingId);
      if (!booking) throw new AppError('NOT_FOUND', MESSAGES.payments.bookingNotFound);
      const parties = bookingParties(actor, booking);
      if (parties.length === 0) throw new AppError('NOT_FOUND', MESSAGES.payments.bookingNotFound);
      if (!parties.includes('client')) throw new AppError('FORBIDDEN', MESSAGES.payments.onlyClient);
      if (booking.status !== 'accepted') throw new AppError('CONFLICT', MESSAGES.payments.notAccepted);
      const pending = await findPendingPayment(tx, booking.id, input.purpose);
      if (pending) throw new PendingPaymentError(pending);
      const paidCents = toCents(await sumSucceededPayments(tx, booking.id));
      const depositCents = depositAmount(booking.price, booking.depositPercent) * 100;
      let amountCents: number;
      if (input.purpose === 'deposit') {
        if (paidCents > 0) throw new AppError('CONFLICT', MESSAGES.payments.depositPaid);
        if (depositCents === 0) throw new AppError('CONFLICT', MESSAGES.payments.nothingDue);
        amountCents = depositCents;
      } else {
        if (paidCents < depositCents) throw new AppError('CONFLICT', MESSAGES.payments.depositFirst);
        amountCents = toCents(booking.price) - paidCents;
        if (amountCents <= 0) throw new AppError('CONFLICT', MESSAGES.payments.nothingDue);
      }
      // M-Pesa carries whole shillings only: a balance with cents is rounded up to the next shilling.
      if (input.method === 'mpesa') amountCents = Math.ceil(amountCents / 100) * 100;
      if (input.method === 'mpesa' && !phone) {
        throw new AppError('VALIDATION', MESSAGES.payments.phoneRequired, {
          errors: [{ path: 'phone', message: MESSAGES.payments.phoneRequired }],
        });
      }
      const row = await insertPayment(tx, {
        bookingId: booking.id,
        userId: actor.id,
        purpose: input.purpose,
        method: input.method,
        amount: amountCents / 100,
        phone: input.method === 'mpesa' ? (phone ?? null) : null,
      });
      await jobs.add(tx, {
        kind: PAYMENT_RECONCILE_JOB,
        payload: { paymentId: row.id },
        uniqueKey: `${PAYMENT_RECONCILE_JOB}:${row.id}`,
        runAt: new Date(Date.now() + RECONCILE_FIRST_AFTER_MS),
      });
      return row;
    });
  } catch (error) {
    // A parallel start won the one-pending index: answer with the payment it made.
    if (isUniqueViolation(error)) {
      const pending = await findPendingPayment(db, input.bookingId, input.purpose);
      if (pending) throw new PendingPaymentError(pending);
    }
    throw error;
  }

  const started = await provider.start({
    paymentId: payment.id,
    amountCents: toCents(payment.amount),
    label: input.purpose === 'deposit' ? 'Deposit' : 'Balance',
    ...(payment.phone ? { phone: payment.phone } : {}),
    email: payer.email,
    // The booking page picks the outcome up from `payment` (Paystack adds `&trxref=…&reference=…`).
    returnUrl: `${deps.publicUrl}/dashboard/bookings?payment=${payment.id}`,
  });
  if (started.ok) {
    return updatePayment(db, payment.id, {
      providerRef: started.value.providerRef,
      checkoutUrl: started.value.checkoutUrl ?? null,
    });
  }
  if (outcomeUnknown(started.error)) {
    // It may have reached the phone: the reconcile job finds out; a second start could charge twice.
    deps.log.warn({ paymentId: payment.id, error: started.error }, 'payment start outcome unknown');
    return payment;
  }
  deps.log.warn({ paymentId: payment.id, error: started.error }, 'payment start refused');
  const failed = await settlePayment(deps, payment.id, {
    status: 'failed',
    reason: 'provider_error',
    detail: started.error.message,
  });
  return failed ?? payment;
}

/**
 * Records a provider's final word on a pending payment, once: under the payment's row lock, in one
 * transaction with the receipt mail; a payment already settled is left as it is. Returns the row when
 * this call settled it.
 */
export async function settlePayment(
  deps: PaymentDeps,
  paymentId: string,
  state: Exclude<ProviderPaymentState, { status: 'pending' }> | { status: 'expired' },
): Promise<PaymentRow | undefined> {
  const { db, jobs } = deps;
  let settled: PaymentRow | undefined;
  try {
    settled = await db.transaction(async (tx) => {
      const current = await lockPayment(tx, paymentId);
      if (current?.status !== 'pending') return undefined;
      const now = new Date();
      if (state.status === 'succeeded') {
        const receipt = state.receipt ?? current.providerRef ?? current.id;
        const fee = platformFee(toCents(current.amount), deps.feeBasisPoints) / 100;
        const row = await updatePayment(tx, paymentId, {
          status: 'succeeded',
          receipt,
          fee,
          completedAt: now,
        });
        await queueReceiptMail(tx, jobs, deps.publicUrl, row);
        return row;
      }
      if (state.status === 'expired') {
        return updatePayment(tx, paymentId, {
          status: 'expired',
          failureReason: 'expired',
          completedAt: now,
        });
      }
      return updatePayment(tx, paymentId, {
        status: state.status,
        failureReason: state.reason satisfies PaymentFailureReason,
        completedAt: now,
      });
    });
  } catch (error) {
    // The receipt is already another payment's: a replay of someone else's callback, never counted twice.
    if (isUniqueViolation(error)) {
      deps.log.warn({ paymentId }, 'payment receipt already recorded on another payment');
      return undefined;
    }
    throw error;
  }
  if (settled) {
    jobs.wake();
    deps.notify(settled);
  }
  return settled;
}

async function queueReceiptMail(tx: Queryable, jobs: JobQueue, publicUrl: string, payment: PaymentRow) {
  const row = await findPaymentReceipt(tx, payment.id);
  if (!row?.payer || !row.booking) return;
  const facts = receiptFacts(row);
  await queueMail(
    jobs,
    tx,
    paymentReceiptMail({
      to: row.payer.email,
      name: row.payer.username,
      amount: facts.amount,
      title: facts.packageTitle ?? facts.purpose,
      lines: receiptLines(facts),
      url: receiptUrl(publicUrl, payment.id),
    }),
    { uniqueKey: `payment-receipt:${payment.id}` },
  );
}

/**
 * What the provider says now of a pending payment, and what that means: settled, still pending, or a
 * claimed success that does not add up (refused, nothing counted).
 */
async function confirmWithProvider(
  deps: PaymentDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  claimed?: Exclude<ProviderPaymentState, { status: 'pending' }>,
): Promise<ProviderPaymentState | undefined> {
  // A card payment's reference is its id, known even when the start's answer was lost.
  const ref = payment.providerRef ?? (payment.method === 'card' ? payment.id : null);
  if (!ref) return { status: 'pending' };
  const queried = await provider.query(ref);
  if (!queried.ok) {
    deps.log.warn({ paymentId: payment.id, error: queried.error }, 'payment status query failed');
    return { status: 'pending' };
  }
  const state = queried.value;
  if (state.status !== 'succeeded') return state;
  // The amount must be the one asked for (the callback's for M-Pesa, whose query does not tell it).
  const expected = toCents(payment.amount);
  const amounts = [state.amountCents, claimed?.status === 'succeeded' ? claimed.amountCents : undefined];
  if (amounts.some((amount) => amount !== undefined && amount !== expected)) {
    deps.log.warn({ paymentId: payment.id, expected, amounts }, 'payment amount does not match: not counted');
    return undefined;
  }
  const receipt = state.receipt ?? (claimed?.status === 'succeeded' ? claimed.receipt : undefined);
  return { ...state, ...(receipt ? { receipt } : {}) };
}

/**
 * The payment a callback names. Paystack's reference is our payment's id, so its webhook finds the
 * payment even when it arrives before the start recorded the reference.
 */
async function findCallbackPayment(db: Db, provider: PaymentProvider, providerRef: string) {
  const payment = await findPaymentByProviderRef(db, providerRef);
  if (payment || provider.method !== 'card' || !isId(providerRef)) return payment;
  const byId = await findPayment(db, providerRef);
  return byId?.providerRef === null ? byId : undefined;
}

/** An authentic callback or webhook: found by providerRef, confirmed by a query, then settled. */
export async function receiveProviderEvent(
  deps: PaymentDeps,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<'settled' | 'ignored' | 'refused' | 'pending'> {
  if (event.kind !== 'payment') return 'ignored';
  const payment = await findCallbackPayment(deps.db, provider, event.providerRef);
  if (!payment || payment.method !== provider.method) return 'ignored';
  if (payment.status !== 'pending') return 'ignored';
  const state = await confirmWithProvider(deps, provider, payment, event.state);
  if (!state) return 'refused';
  if (state.status === 'pending') return 'pending';
  const settled = await settlePayment(deps, payment.id, state);
  return settled ? 'settled' : 'ignored';
}

/**
 * Asks the provider once about a pending payment and acts on the answer: settles it when the answer is
 * final, fails a success whose amount does not add up, gives up on it after PAYMENT_EXPIRES_AFTER_MS.
 * What the reconcile job does on each try, and what an admin's check does at once. Returns whether
 * the payment is still pending.
 */
async function resolvePendingPayment(deps: PaymentDeps, payment: PaymentRow): Promise<'pending' | 'done'> {
  const provider = deps.providers[payment.method];
  const state = provider
    ? await confirmWithProvider(deps, provider, payment)
    : { status: 'pending' as const };
  if (state && state.status !== 'pending') {
    await settlePayment(deps, payment.id, state);
    return 'done';
  }
  if (!state) {
    // A success whose amount does not match is not money we asked for: never counted.
    await settlePayment(deps, payment.id, {
      status: 'failed',
      reason: 'provider_error',
      detail: 'amount mismatch',
    });
    return 'done';
  }
  if (Date.now() - payment.createdAt.getTime() >= PAYMENT_EXPIRES_AFTER_MS) {
    await settlePayment(deps, payment.id, { status: 'expired' });
    return 'done';
  }
  return 'pending';
}

/** The reconcile job: query a pending payment; settle it, give up on it after its time, or try later. */
export async function reconcilePayment(deps: PaymentDeps, paymentId: string): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  if (payment?.status !== 'pending') return;
  // Thrown so the queue tries again with its growing delays.
  if ((await resolvePendingPayment(deps, payment)) === 'pending')
    throw new Error('payment still pending at the provider');
}

/**
 * POST /api/payments/:id/check (admins): the reconcile job's step, now, for one pending payment. Settled
 * under the same row lock as a callback, so a callback arriving meanwhile cannot count it twice.
 * Answers the payment as it stands after the check (settled, or still pending).
 */
export async function checkPayment(deps: PaymentDeps & { id: string }): Promise<PaymentRow> {
  const payment = await findPayment(deps.db, deps.id);
  if (!payment) throw new AppError('NOT_FOUND', MESSAGES.payments.notFound);
  if (payment.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.payments.notPending);
  await resolvePendingPayment(deps, payment);
  return (await findPayment(deps.db, deps.id)) ?? payment;
}

export function registerPaymentJobs(deps: PaymentDeps) {
  deps.jobs.register<{ paymentId: string }>(PAYMENT_RECONCILE_JOB, {
    // With the queue's doubling delays, enough tries to pass the expiry well before the last.
    maxAttempts: 20,
    run: (payload) => reconcilePayment(deps, payload.paymentId),
  });
}
