import { type BookingParty, bookingParties } from '@sherehe/shared/booking-status';
import { todayInNairobi } from '@sherehe/shared/dates';
import { refundsMessages } from '@sherehe/shared/messages/refunds';
import { formatCents } from '@sherehe/shared/money';
import { receiptStandsIn } from '@sherehe/shared/payments';
import { feeRefundCents, type RefundRule, refundRule, refundsFor } from '@sherehe/shared/refunds';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import type { bookings, PaymentRow } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { queueMail } from '../../mail/mail-jobs';
import { refundMail } from '../../mail/templates';
import { outcomeUnknown, type ProviderEvent } from '../../payments/provider';
import type { PaymentProviders } from '../../payments/providers';
import { recordAudit, SYSTEM_AUDIT } from '../audit';
import { readBooking } from '../bookings';
import { wantsNotice } from '../notification-settings';
import {
  findRefundByProviderRef,
  findRefundContext,
  findRefundOfPaymentRef,
  insertLedgerEntries,
  insertRefund,
  listBookingRefunds,
  lockRefund,
  type RefundRow,
  unrefundedPayments,
  unsentRefundIds,
  updateRefund,
} from './ledger.queries';
import { REFUND_STATUS_FIRST_AFTER_MS, REFUND_STATUS_JOB, refundStatusJobKey } from './refund-status.service';

export const REFUND_JOB = 'refund';
/** One refund job per refund, whoever cancels and however often. */
export const refundJobKey = (refundId: string) => `refund:${refundId}`;

export interface RefundDeps {
  db: Db;
  jobs: JobQueue;
  providers: PaymentProviders;
  publicUrl: string;
  log: FastifyBaseLogger;
}

type BookingRow = typeof bookings.$inferSelect;

/** Who a cancellation is by, for the policy: the client unless the actor is the planner or an admin. */
export function cancelledByOf(parties: readonly BookingParty[]): 'client' | 'planner' | 'admin' {
  if (parties.includes('planner')) return 'planner';
  if (parties.includes('admin') && !parties.includes('client')) return 'admin';
  return 'client';
}

/** What cancelling now would give back: the rule, the total and the payments, from the succeeded ones not yet refunded. */
export async function previewRefund(
  db: Queryable,
  booking: BookingRow,
  parties: readonly BookingParty[],
  today = todayInNairobi(),
) {
  // An enquiry that names no day was never paid (only an accepted booking takes payments, and it has
  // a day): nothing to give back, whatever rule this day gives.
  const decided = refundRule({
    cancelledBy: cancelledByOf(parties),
    eventDate: booking.eventDate ?? today,
    today,
    policy: booking.cancellationPolicy,
  });
  const paid = await unrefundedPayments(db, booking.id);
  const chosen = refundsFor(decided.scope, paid);
  return {
    rule: decided.rule,
    paidCents: paid.reduce((sum, p) => sum + p.amountCents, 0),
    amountCents: chosen.totalCents,
    payments: chosen.payments,
  };
}

/**
 * In a cancellation's transaction (the booking locked): one refund row per payment the policy gives
 * back, each with its job. Nothing paid, nothing written.
 */
export async function queueCancellationRefunds(
  tx: Queryable,
  jobs: JobQueue,
  booking: BookingRow,
  parties: readonly BookingParty[],
) {
  const preview = await previewRefund(tx, booking, parties);
  for (const payment of preview.payments) await addRefund(tx, jobs, payment, preview.rule);
}

async function addRefund(tx: Queryable, jobs: JobQueue, payment: PaymentRow, rule: RefundRule) {
  if (!payment.bookingId) return;
  const row = await insertRefund(tx, {
    paymentId: payment.id,
    bookingId: payment.bookingId,
    amountCents: payment.amountCents,
    rule,
  });
  if (row) await queueRefundJob(tx, jobs, row);
}

/**
 * A success that came after its payment had expired, when nothing was owed any more (settleLatePayment):
 * a refund of the whole payment, booking or plan, with its job. The payment was never counted, so its
 * refund writes no ledger rows (settleRefund).
 */
export async function queueLateRefund(tx: Queryable, jobs: JobQueue, payment: PaymentRow) {
  const row = await insertRefund(tx, {
    paymentId: payment.id,
    bookingId: payment.bookingId,
    amountCents: payment.amountCents,
    rule: 'paid_late',
  });
  if (row) await queueRefundJob(tx, jobs, row);
}

/** A refund row just added: its job, and its line in the audit trail. */
async function queueRefundJob(tx: Queryable, jobs: JobQueue, row: RefundRow) {
  await jobs.add(tx, { kind: REFUND_JOB, payload: { refundId: row.id }, uniqueKey: refundJobKey(row.id) });
  await recordAudit(tx, SYSTEM_AUDIT, {
    action: 'refund.queued',
    subjectType: 'refund',
    subjectId: row.id,
    summary: refundSummary(row),
  });
}

/** What an audit row keeps of a refund. */
function refundSummary(row: RefundRow) {
  return {
    status: row.status,
    rule: row.rule,
    amountCents: row.amountCents,
    paymentId: row.paymentId,
    bookingId: row.bookingId,
  };
}

/**
 * In the transaction that marks a booking payment succeeded: its payment and fee rows in the ledger
 * (a plan payment is the platform's revenue and writes none), and, when the booking was cancelled
 * meanwhile, a full refund of it.
 */
export async function recordPaymentSucceeded(tx: Queryable, jobs: JobQueue, payment: PaymentRow) {
  if (!payment.bookingId || payment.purpose === 'plan') return;
  const booking = await readBooking(tx, payment.bookingId);
  if (!booking) return;
  const base = { plannerId: booking.plannerId, bookingId: booking.id, paymentId: payment.id };
  await insertLedgerEntries(tx, [
    { ...base, kind: 'payment', amountCents: payment.amountCents },
    ...(payment.feeCents > 0 ? [{ ...base, kind: 'fee' as const, amountCents: -payment.feeCents }] : []),
  ]);
  if (booking.status === 'cancelled' || booking.status === 'rejected')
    await addRefund(tx, jobs, payment, 'paid_after_cancellation');
}

/**
 * The refund job: sends one refund back through the provider that took the payment, at most once.
 * `sentAt` is committed before the provider is asked; a run that finds it set (a crash or an unknown
 * outcome) asks about the payment first where the provider can tell (Paystack's verify says
 * `reversed`), and otherwise sends again only where a second request cannot give twice: Daraja
 * refuses to reverse a transaction already reversed, Paystack to refund more than was paid.
 */
export async function runRefundJob(deps: RefundDeps, refundId: string) {
  const context = await findRefundContext(deps.db, refundId);
  if (!context) return;
  // A reversal names the M-Pesa receipt number; while only the request id stands in for it (a success
  // counted by a status query before Daraja's callback), nothing is sent: the job tries again later,
  // and goes at once when the callback brings the number (`wakeUnsentRefunds`). Admins see a refund
  // still waiting after the job's last try among the failed jobs.
  if (context.refund.status === 'pending' && receiptStandsIn(context.payment))
    throw new Error(
      `refund ${refundId}: M-Pesa's receipt number of payment ${context.payment.id} is not known yet`,
    );
  const claimed = await deps.db.transaction(async (tx) => {
    const refund = await lockRefund(tx, refundId);
    if (refund?.status !== 'pending' || refund.providerRef !== null) return undefined;
    const again = refund.sentAt !== null;
    if (!again) await updateRefund(tx, refundId, { sentAt: new Date() });
    return { again };
  });
  if (!claimed) return;
  const { payment, refund } = context;
  const provider = deps.providers[payment.method];
  if (!provider) throw new Error(`no ${payment.method} provider to refund payment ${payment.id}`);
  if (claimed.again && payment.providerRef) {
    const state = await provider.query(payment.providerRef);
    if (state.ok && state.value.status === 'succeeded' && state.value.refunded) {
      await settleRefund(deps, refundId, { status: 'succeeded' });
      return;
    }
  }
  const sent = await provider.refund({
    providerRef: payment.providerRef ?? payment.id,
    ...(payment.receipt ? { receipt: payment.receipt } : {}),
    amountCents: refund.amountCents,
    paymentAmountCents: payment.amountCents,
    reason: refund.rule === 'paid_late' ? 'Paid after it had expired' : 'Booking cancelled',
  });
  if (!sent.ok) {
    // It may have reached the provider: the next try asks first.
    if (outcomeUnknown(sent.error)) throw new Error(`refund ${refundId}: ${sent.error.message}`);
    await settleRefund(deps, refundId, { status: 'failed', detail: sent.error.message });
    return;
  }
  if (sent.value.status === 'succeeded') {
    await settleRefund(deps, refundId, { status: 'succeeded', providerRef: sent.value.refundRef });
    return;
  }
  await recordRefundRef(deps, refundId, sent.value.refundRef, provider.askRefundStatus !== undefined);
}

/**
 * In the transaction that gives a payment its M-Pesa receipt number: its refunds waiting for that
 * number go now rather than at their job's next try.
 */
export async function wakeUnsentRefunds(tx: Queryable, jobs: JobQueue, paymentId: string) {
  for (const refundId of await unsentRefundIds(tx, paymentId)) await jobs.dueNow(tx, refundJobKey(refundId));
}

/** The provider's reference of a refund on its way, and (where it can be asked) the job that asks if no result comes. */
async function recordRefundRef(deps: RefundDeps, refundId: string, providerRef: string, askLater: boolean) {
  try {
    await deps.db.transaction(async (tx) => {
      const refund = await lockRefund(tx, refundId);
      if (refund?.providerRef !== null) return;
      await updateRefund(tx, refundId, { providerRef });
      if (askLater)
        await deps.jobs.add(tx, {
          kind: REFUND_STATUS_JOB,
          payload: { refundId },
          uniqueKey: refundStatusJobKey(refundId),
          runAt: new Date(Date.now() + REFUND_STATUS_FIRST_AFTER_MS),
        });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    deps.log.warn({ refundId }, 'refund reference already recorded on another refund');
  }
}

/**
 * A refund's outcome, once: under its row lock; a success writes the refund and fee-refund rows of
 * the ledger and the client's mail in the same transaction.
 */
export async function settleRefund(
  deps: Pick<RefundDeps, 'db' | 'jobs' | 'publicUrl'>,
  refundId: string,
  outcome: { status: 'succeeded' | 'failed'; providerRef?: string; detail?: string },
): Promise<RefundRow | undefined> {
  const settled = await deps.db.transaction(async (tx) => {
    const context = await findRefundContext(tx, refundId);
    const current = await lockRefund(tx, refundId);
    if (!context || current?.status !== 'pending') return undefined;
    const adopt =
      outcome.providerRef && current.providerRef === null ? { providerRef: outcome.providerRef } : {};
    if (outcome.status === 'failed') {
      const failed = await updateRefund(tx, refundId, {
        ...adopt,
        status: 'failed',
        failureReason: outcome.detail ?? null,
        completedAt: new Date(),
      });
      await recordAudit(tx, SYSTEM_AUDIT, {
        action: 'refund.failed',
        subjectType: 'refund',
        subjectId: failed.id,
        summary: { ...refundSummary(failed), failureReason: failed.failureReason },
      });
      return failed;
    }
    const row = await updateRefund(tx, refundId, { ...adopt, status: 'succeeded', completedAt: new Date() });
    await recordAudit(tx, SYSTEM_AUDIT, {
      action: 'refund.succeeded',
      subjectType: 'refund',
      subjectId: row.id,
      summary: refundSummary(row),
    });
    const { payment, booking, client } = context;
    const refundCents = row.amountCents;
    // The ledger holds only money that was counted: a late payment refunded uncounted (still
    // `expired`) and a plan payment write no rows.
    if (booking && payment.status === 'succeeded') {
      const feeBack = feeRefundCents(refundCents, payment.amountCents, payment.feeCents);
      const base = { plannerId: booking.plannerId, bookingId: booking.id, refundId: row.id };
      await insertLedgerEntries(tx, [
        { ...base, kind: 'refund', amountCents: -refundCents },
        ...(feeBack > 0 ? [{ ...base, kind: 'fee_refund' as const, amountCents: feeBack }] : []),
      ]);
    }
    if (!context.payment.userId || (await wantsNotice(tx, context.payment.userId, 'email', 'payments')))
      await queueMail(
        deps.jobs,
        tx,
        refundMail({
          to: client.email,
          lang: client.locale,
          name: client.username,
          title: booking?.packageTitle ?? context.planName ?? '',
          amount: formatCents(row.amountCents, client.locale),
          rule: row.rule,
          url: booking ? `${deps.publicUrl}/dashboard/bookings` : `${deps.publicUrl}/pricing`,
        }),
        { uniqueKey: `refund-mail:${row.id}` },
      );
    await raiseDomainEvent(tx, 'refund.succeeded', { refund: row, jobs: deps.jobs });
    return row;
  });
  if (settled) deps.jobs.wake();
  return settled;
}

/** A provider's word on a refund (Daraja's reversal result, Paystack's refund webhook). */
export async function receiveRefundEvent(
  deps: RefundDeps,
  event: Extract<ProviderEvent, { kind: 'refund' }>,
): Promise<'settled' | 'ignored'> {
  const refund =
    (await findRefundByProviderRef(deps.db, event.refundRef)) ??
    (event.providerRef ? await findRefundOfPaymentRef(deps.db, event.providerRef) : undefined);
  if (!refund) return 'ignored';
  if (refund.providerRef !== null && refund.providerRef !== event.refundRef) return 'ignored';
  const settled = await settleRefund(deps, refund.id, {
    status: event.status,
    providerRef: event.refundRef,
    detail: event.detail,
  });
  return settled ? 'settled' : 'ignored';
}

/** GET /api/bookings/{id}/refund-preview and the refunds of a booking: its parties only. */
export async function bookingRefunds(db: Db, actor: { id: string; role: string }, bookingId: string) {
  const booking = await readBooking(db, bookingId);
  const parties = booking ? bookingParties(actor, booking) : [];
  if (!booking || parties.length === 0) throw new AppError('NOT_FOUND', refundsMessages.bookingNotFound);
  const [preview, refunds] = await Promise.all([
    previewRefund(db, booking, parties),
    listBookingRefunds(db, booking.id),
  ]);
  return { booking, preview, refunds };
}

/** The job that sends a refund to its provider (registered in jobs/job-kinds.ts). */
export function refundJob(deps: RefundDeps): JobHandler<{ refundId: string }> {
  return { maxAttempts: 12, run: (payload) => runRefundJob(deps, payload.refundId) };
}
