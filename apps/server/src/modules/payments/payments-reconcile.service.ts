import { MESSAGES } from '@sherehe/shared/messages';
import type { JobHandler } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { MAIL_ATTEMPTS } from '../../mail/mail-jobs';
import type { PaymentProvider, ProviderPaymentState } from '../../payments/provider';
import { findPayment, lockPayment, type PaymentRow, updatePayment } from './payments.queries';
import {
  LATE_SUCCESS_WINDOW_MS,
  PAYMENT_EXPIRES_AFTER_MS,
  type PaymentDeps,
  sendReceiptMail,
  settleLatePayment,
  settlePayment,
} from './payments.service';

/** What asking the provider about a payment came to. */
export type Confirmation =
  | ProviderPaymentState
  /** Nothing learnt: no reference to ask by, or no answer. */
  | { status: 'unknown' }
  /** A success that does not add up (the amount is not the one asked for): never counted. */
  | { status: 'mismatch' };

/**
 * What the provider says now of a payment, and what that means: settled, still pending, nothing
 * learnt, or a claimed success that does not add up. `providerRef`: ask by this reference (one a
 * callback names for a payment that has none yet) instead of the payment's own.
 */
export async function confirmWithProvider(
  deps: PaymentDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  claimed?: Exclude<ProviderPaymentState, { status: 'pending' }>,
  providerRef?: string,
): Promise<Confirmation> {
  // A card payment's reference is its id, known even when the start's answer was lost.
  const ref = providerRef ?? payment.providerRef ?? (payment.method === 'card' ? payment.id : null);
  if (!ref) return { status: 'unknown' };
  const queried = await provider.query(ref);
  if (!queried.ok) {
    deps.log.warn({ paymentId: payment.id, error: queried.error }, 'payment status query failed');
    return { status: 'unknown' };
  }
  const state = queried.value;
  if (state.status !== 'succeeded') return state;
  // The amount must be the one asked for (the callback's for M-Pesa, whose query does not tell it).
  const expected = payment.amountCents;
  const amounts = [state.amountCents, claimed?.status === 'succeeded' ? claimed.amountCents : undefined];
  if (amounts.some((amount) => amount !== undefined && amount !== expected)) {
    deps.log.warn({ paymentId: payment.id, expected, amounts }, 'payment amount does not match: not counted');
    return { status: 'mismatch' };
  }
  const receipt = state.receipt ?? (claimed?.status === 'succeeded' ? claimed.receipt : undefined);
  return { ...state, ...(receipt ? { receipt } : {}) };
}

/**
 * Asks the provider once about a pending payment and acts on the answer: settles it when the answer is
 * final, fails a success whose amount does not add up, gives up on it after PAYMENT_EXPIRES_AFTER_MS.
 * What the reconcile job does on each try, and what an admin's check does at once. Returns whether
 * the payment is still pending.
 */
async function resolvePendingPayment(deps: PaymentDeps, payment: PaymentRow): Promise<'pending' | 'done'> {
  const provider = deps.providers[payment.method];
  const state: Confirmation = provider
    ? await confirmWithProvider(deps, provider, payment)
    : { status: 'unknown' };
  if (state.status === 'mismatch') {
    // A success whose amount does not match is not money we asked for: never counted.
    await settlePayment(deps, payment.id, {
      status: 'failed',
      reason: 'provider_error',
      detail: 'amount mismatch',
    });
    return 'done';
  }
  if (state.status !== 'pending' && state.status !== 'unknown') {
    await settlePayment(deps, payment.id, state);
    return 'done';
  }
  if (Date.now() - payment.createdAt.getTime() >= PAYMENT_EXPIRES_AFTER_MS) {
    // Given up on: a checkout is voided at its provider first. One that could not be (M-Pesa's prompt,
    // live Paystack) may still complete: it holds up a new payment for the same thing for a while, and
    // the job keeps asking, so that a late success is counted or refunded (settleLatePayment).
    // A card payment's reference is its id, known even when the start's answer was lost.
    const ref = payment.providerRef ?? (payment.method === 'card' ? payment.id : null);
    const voided = provider?.void && ref ? await provider.void(ref) : undefined;
    if (voided?.ok && voided.value === 'voided') {
      await settlePayment(deps, payment.id, { status: 'expired' });
      return 'done';
    }
    if (voided && !voided.ok)
      deps.log.warn(
        { paymentId: payment.id, error: voided.error },
        'checkout void failed: it may still be paid',
      );
    const mayCompleteUntil = new Date(Date.now() + LATE_SUCCESS_WINDOW_MS[payment.method]);
    await settlePayment(deps, payment.id, { status: 'expired' }, { mayCompleteUntil });
    return 'pending';
  }
  return 'pending';
}

/**
 * An expired payment its provider may still complete: asked again. A success is counted or refunded
 * (settleLatePayment); a final failure, a success that does not add up, or the end of its window
 * closes it (no longer holds up a new payment).
 */
async function resolveExpiredPayment(deps: PaymentDeps, payment: PaymentRow): Promise<'pending' | 'done'> {
  const provider = deps.providers[payment.method];
  const state: Confirmation = provider
    ? await confirmWithProvider(deps, provider, payment)
    : { status: 'unknown' };
  if (state.status === 'succeeded') {
    await settleLatePayment(deps, payment.id, state);
    return 'done';
  }
  const open = state.status === 'pending' || state.status === 'unknown';
  if (open && payment.mayCompleteUntil && payment.mayCompleteUntil > new Date()) return 'pending';
  if (state.status === 'mismatch')
    deps.log.warn({ paymentId: payment.id }, 'a late success whose amount does not match: not counted');
  await closeLateWindow(deps, payment.id);
  return 'done';
}

/** The provider's answer on an expired payment is final (or its window is over): it holds up nothing more. */
async function closeLateWindow(deps: PaymentDeps, paymentId: string) {
  await deps.db.transaction(async (tx) => {
    const current = await lockPayment(tx, paymentId);
    if (current?.status === 'expired' && current.mayCompleteUntil !== null)
      await updatePayment(tx, paymentId, { mayCompleteUntil: null });
  });
}

/**
 * The reconcile job: query a pending payment; settle it, give up on it after its time, or try later;
 * after its time, keep asking while it may still complete.
 */
export async function reconcilePayment(deps: PaymentDeps, paymentId: string): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) return;
  let outcome: 'pending' | 'done' = 'done';
  if (payment.status === 'pending') outcome = await resolvePendingPayment(deps, payment);
  else if (payment.status === 'expired' && payment.mayCompleteUntil !== null)
    outcome = await resolveExpiredPayment(deps, payment);
  // Thrown so the queue tries again with its growing delays.
  if (outcome === 'pending') throw new Error('payment still pending at the provider');
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

/** The job that asks the provider about a pending payment (registered in jobs/job-kinds.ts). */
export function paymentReconcileJob(deps: PaymentDeps): JobHandler<{ paymentId: string }> {
  return {
    // With the queue's doubling delays, enough tries to pass the expiry well before the last.
    maxAttempts: 20,
    run: (payload) => reconcilePayment(deps, payload.paymentId),
  };
}

/** The job that mails the receipt of a succeeded payment. */
export function paymentReceiptMailJob(deps: PaymentDeps): JobHandler<{ paymentId: string }> {
  return { maxAttempts: MAIL_ATTEMPTS, run: (payload) => sendReceiptMail(deps, payload.paymentId) };
}
