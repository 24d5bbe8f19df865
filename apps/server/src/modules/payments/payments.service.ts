import { bookingParties } from '@sherehe/shared/booking-status';
import { MESSAGES } from '@sherehe/shared/messages';
import { formatCents, formatKsh, roundUpToShilling, shareOfCents, toCents } from '@sherehe/shared/money';
import {
  depositCents as depositOf,
  type InstalmentRefusal,
  instalmentMostCents,
  instalmentRefusal,
  MIN_INSTALMENT_CENTS,
  type PaymentFailureReason,
  type PaymentMethod,
  type PaymentPurpose,
} from '@sherehe/shared/payments';
import { normaliseKenyanPhone } from '@sherehe/shared/phone';
import type { StartPaymentBody } from '@sherehe/shared/schemas/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../../db/client';
import type { payments } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { isDeletedAddress } from '../../lib/deleted-accounts';
import { isUniqueViolation } from '../../lib/pg-errors';
import { queueMail } from '../../mail/mail-jobs';
import type { Mailer } from '../../mail/mailer';
import { lateRefundMail, paymentReceiptMail } from '../../mail/templates';
import { outcomeUnknown, type ProviderPaymentState } from '../../payments/provider';
import type { PaymentProviders } from '../../payments/providers';
import { lockBooking } from '../bookings';
import { wantsNotice } from '../notification-settings';
import { lockUser } from '../users';
import { receiptFacts, receiptLines, receiptUrl } from './payment-receipt';
import {
  findLateRefundParties,
  findPayerContact,
  findPayment,
  findPaymentReceipt,
  findPendingPayment,
  findPlanPaymentSince,
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
/**
 * How long after its expiry a payment not voided at its provider may still complete, and so blocks a
 * new payment for the same thing (409 with it) while the reconcile job keeps asking: an M-Pesa prompt
 * without a final answer, a card checkout that cannot be voided (live Paystack). A success after this
 * is still counted or refunded (settleLatePayment); it just no longer holds up a new payment.
 */
export const LATE_SUCCESS_WINDOW_MS = { mpesa: 60 * 60_000, card: 24 * 60 * 60_000 } as const;
/** The receipt mail: a job that reads the payment when it sends, so the mail says the receipt known then. */
export const PAYMENT_RECEIPT_MAIL_JOB = 'payment-receipt-mail';
/**
 * A success counted without the provider's receipt number (Daraja's status query does not give it)
 * mails its receipt this much later, so that the callback, if it comes meanwhile, puts the M-Pesa
 * receipt number in the mail instead of the CheckoutRequestID.
 */
export const RECEIPT_MAIL_WAITS_FOR_CALLBACK_MS = 2 * 60_000;

/** One receipt mail per payment, whoever settles it and however often. */
export const receiptMailKey = (paymentId: string) => `payment-receipt:${paymentId}`;

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
  /** MPESA_MAX_AMOUNT, Ksh: a larger amount is refused before anything is written or sent to Daraja. */
  mpesaMaxAmount: number;
  log: FastifyBaseLogger;
  notify: PaymentNotifier;
  /** Sends the receipt mail from its job. */
  mailer: Mailer;
}

/** A payment for the same thing is already waiting: the route answers 409 with it. */
export class PendingPaymentError extends AppError {
  constructor(readonly payment: PaymentRow) {
    // An expired one may still complete at its provider (docs/money.md#late-payments).
    super(
      'CONFLICT',
      payment.status === 'pending' ? MESSAGES.payments.alreadyPending : MESSAGES.payments.earlierMayComplete,
    );
  }
}

/** Refuses an M-Pesa amount above M-Pesa's per-transaction limit: Daraja would answer "Invalid Amount". */
export function checkMpesaLimit(method: string, amountCents: number, mpesaMaxAmount: number) {
  if (method === 'mpesa' && amountCents > toCents(mpesaMaxAmount))
    throw new AppError('CONFLICT', MESSAGES.payments.mpesaTooLarge(formatKsh(mpesaMaxAmount)));
}

/** The platform's share of an amount in cents, rounded half up to the cent (integers throughout). */
export function platformFee(amountCents: number, basisPoints: number): number {
  return shareOfCents(amountCents, basisPoints);
}

/** What a start prepares in its transaction, once its locks and checks have passed. */
export interface PreparedStart {
  /** The pending row's own values (who pays, how and from which phone are added). */
  values: Pick<typeof payments.$inferInsert, 'bookingId' | 'planId' | 'purpose' | 'amountCents'>;
  /** What the provider shows the payer (the M-Pesa prompt's description, the checkout's label). */
  label: string;
  /** The page a card payer comes back to, which picks the outcome up from `?payment=`. */
  returnPath: string;
}

/** An M-Pesa payment needs a phone: the one given, else the payer's own. */
export function requirePhone(method: PaymentMethod, phone: string | undefined): void {
  if (method === 'mpesa' && !phone) {
    throw new AppError('VALIDATION', MESSAGES.payments.phoneRequired, {
      errors: [{ path: 'phone', message: MESSAGES.payments.phoneRequired }],
    });
  }
}

/**
 * Every payment start, for a booking or a plan. The provider and the payer first; then one
 * transaction: `prepare`'s locks and checks, the pending row and its reconcile job, committed before
 * the provider is called, so a crash or an unanswered call still leaves something the job will query
 * and the provider is never asked to start the same payment twice; then the provider's start.
 * `pendingAfterRace`: the pending payment of a parallel start that won the one-pending index.
 */
export async function startWithProvider(
  deps: PaymentDeps & { actor: { id: string }; input: { method: PaymentMethod; phone?: string | undefined } },
  options: {
    /** How the logs name it: 'payment', 'plan payment'. */
    what: string;
    prepare: (tx: Tx, phone: string | undefined) => Promise<PreparedStart>;
    pendingAfterRace: () => Promise<PaymentRow | undefined>;
  },
): Promise<PaymentRow> {
  const { db, jobs, providers, actor, input } = deps;
  const provider = providers[input.method];
  if (!provider) throw new AppError('CONFLICT', MESSAGES.payments.methodUnavailable);
  const payer = await findPayerContact(db, actor.id);
  if (!payer) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  const phone = input.phone ?? normaliseKenyanPhone(payer.phoneNumber);

  let payment: PaymentRow;
  let prepared: PreparedStart;
  try {
    ({ payment, prepared } = await db.transaction(async (tx) => {
      const ready = await options.prepare(tx, phone);
      const row = await insertPayment(tx, {
        ...ready.values,
        userId: actor.id,
        method: input.method,
        phone: input.method === 'mpesa' ? (phone ?? null) : null,
      });
      await jobs.add(tx, {
        kind: PAYMENT_RECONCILE_JOB,
        payload: { paymentId: row.id },
        uniqueKey: `${PAYMENT_RECONCILE_JOB}:${row.id}`,
        runAt: new Date(Date.now() + RECONCILE_FIRST_AFTER_MS),
      });
      return { payment: row, prepared: ready };
    }));
  } catch (error) {
    // A parallel start won the one-pending index: answer with the payment it made.
    if (isUniqueViolation(error)) {
      const pending = await options.pendingAfterRace();
      if (pending) throw new PendingPaymentError(pending);
    }
    throw error;
  }

  const started = await provider.start({
    paymentId: payment.id,
    amountCents: payment.amountCents,
    label: prepared.label,
    ...(payment.phone ? { phone: payment.phone } : {}),
    email: payer.email,
    // Paystack adds `&trxref=…&reference=…`.
    returnUrl: `${deps.publicUrl}${prepared.returnPath}?payment=${payment.id}`,
  });
  if (started.ok) {
    return updatePayment(db, payment.id, {
      providerRef: started.value.providerRef,
      checkoutUrl: started.value.checkoutUrl ?? null,
    });
  }
  if (outcomeUnknown(started.error)) {
    // It may have reached the phone: the reconcile job finds out; a second start could charge twice.
    deps.log.warn({ paymentId: payment.id, error: started.error }, `${options.what} start outcome unknown`);
    return payment;
  }
  deps.log.warn({ paymentId: payment.id, error: started.error }, `${options.what} start refused`);
  const failed = await settlePayment(deps, payment.id, {
    status: 'failed',
    reason: 'provider_error',
    detail: started.error.message,
  });
  return failed ?? payment;
}

/**
 * The purposes that are one thing to pay, so one of them at a time may wait: the deposit, or the
 * balance and its parts (a balance and an instalment both pay what is left).
 */
export function pendingGroup(purpose: PaymentPurpose): PaymentPurpose[] {
  return purpose === 'balance' || purpose === 'instalment' ? ['balance', 'instalment'] : [purpose];
}

/** Why an instalment's amount is refused, in words; a 400 on `amount`, except when nothing is left. */
function instalmentError(refusal: InstalmentRefusal, leftCents: number, method: PaymentMethod): AppError {
  const most = formatCents(instalmentMostCents(leftCents, method));
  const message = {
    nothing_left: MESSAGES.payments.nothingDue,
    too_small: MESSAGES.payments.instalmentTooSmall(formatCents(MIN_INSTALMENT_CENTS)),
    too_large: MESSAGES.payments.instalmentTooLarge(most),
    exactly_left: MESSAGES.payments.instalmentExactlyLeft(most),
    whole_shillings: MESSAGES.payments.instalmentWholeShillings,
  }[refusal];
  if (refusal === 'nothing_left') return new AppError('CONFLICT', message);
  return new AppError('VALIDATION', message, { errors: [{ path: 'amount', message }] });
}

/**
 * What a booking's deposit, balance or instalment asks for now, `paidCents` having been paid: the
 * deposit while nothing is paid; once it is, the rest (the balance) or a part of it (an instalment, of
 * the amount asked: `instalmentRefusal`). M-Pesa carries whole shillings only: a balance with cents is
 * rounded up to the next shilling. Otherwise why nothing can be asked.
 */
function dueNow(
  booking: { priceCents: number; depositPercent: number },
  paidCents: number,
  payment: { purpose: PaymentPurpose; method: PaymentMethod; amountCents?: number | undefined },
): { amountCents: number } | { refusal: AppError } {
  const depositCents = depositOf(booking.priceCents, booking.depositPercent);
  const conflict = (message: string) => ({ refusal: new AppError('CONFLICT', message) });
  let amountCents: number;
  if (payment.purpose === 'deposit') {
    if (paidCents > 0) return conflict(MESSAGES.payments.depositPaid);
    amountCents = depositCents;
  } else {
    if (paidCents < depositCents) return conflict(MESSAGES.payments.depositFirst);
    amountCents = booking.priceCents - paidCents;
    if (payment.purpose === 'instalment' && amountCents > 0) {
      const asked = payment.amountCents ?? 0;
      const refusal = instalmentRefusal(asked, amountCents, payment.method);
      return refusal
        ? { refusal: instalmentError(refusal, amountCents, payment.method) }
        : { amountCents: asked };
    }
  }
  if (amountCents <= 0) return conflict(MESSAGES.payments.nothingDue);
  return { amountCents: payment.method === 'mpesa' ? roundUpToShilling(amountCents) : amountCents };
}

/** What the provider shows the payer for a booking's payment. */
const PROVIDER_LABELS = {
  deposit: 'Deposit',
  balance: 'Balance',
  instalment: 'Part of the balance',
} as const;

/**
 * Starts a deposit, balance or instalment payment of a booking (`startWithProvider`). Under the
 * booking's row lock, one payment of the balance waits at a time, whether a balance or an instalment
 * (the one-pending index is per purpose, so the lock and this check keep the two apart).
 */
export function startPayment(
  deps: PaymentDeps & { actor: Actor; input: StartPaymentBody },
): Promise<PaymentRow> {
  const { actor, input } = deps;
  const purposes = pendingGroup(input.purpose);
  const askedCents =
    input.purpose === 'instalment' && input.amount !== undefined ? toCents(input.amount) : undefined;
  return startWithProvider(deps, {
    what: 'payment',
    pendingAfterRace: () => findPendingPayment(deps.db, input.bookingId, purposes),
    prepare: async (tx, phone) => {
      const booking = await lockBooking(tx, input.bookingId);
      if (!booking) throw new AppError('NOT_FOUND', MESSAGES.payments.bookingNotFound);
      const parties = bookingParties(actor, booking);
      if (parties.length === 0) throw new AppError('NOT_FOUND', MESSAGES.payments.bookingNotFound);
      if (!parties.includes('client')) throw new AppError('FORBIDDEN', MESSAGES.payments.onlyClient);
      if (booking.status !== 'accepted') throw new AppError('CONFLICT', MESSAGES.payments.notAccepted);
      const pending = await findPendingPayment(tx, booking.id, purposes);
      if (pending) throw new PendingPaymentError(pending);
      const due = dueNow(booking, await sumSucceededPayments(tx, booking.id), {
        purpose: input.purpose,
        method: input.method,
        amountCents: askedCents,
      });
      if ('refusal' in due) throw due.refusal;
      const { amountCents } = due;
      checkMpesaLimit(input.method, amountCents, deps.mpesaMaxAmount);
      requirePhone(input.method, phone);
      return {
        values: { bookingId: booking.id, purpose: input.purpose, amountCents },
        label: PROVIDER_LABELS[input.purpose],
        returnPath: '/dashboard/bookings',
      };
    },
  });
}

/**
 * Records a provider's final word on a pending payment, once: under the payment's row lock, in one
 * transaction with the receipt mail; a payment already settled is left as it is. `providerRef`: the
 * provider's reference learnt from a callback (the start's answer was lost), recorded with the outcome
 * unless the payment already has another. Returns the row when this call settled it.
 */
export async function settlePayment(
  deps: PaymentDeps,
  paymentId: string,
  state: Exclude<ProviderPaymentState, { status: 'pending' }> | { status: 'expired' },
  options: { providerRef?: string; mayCompleteUntil?: Date } = {},
): Promise<PaymentRow | undefined> {
  return settleOnce(deps, paymentId, async (tx) => {
    const current = await lockPayment(tx, paymentId);
    if (current?.status !== 'pending') return undefined;
    const learnt = options.providerRef;
    if (learnt && current.providerRef !== null && current.providerRef !== learnt) {
      deps.log.warn({ paymentId }, 'payment outcome names another provider reference: not counted');
      return undefined;
    }
    const adopted = learnt && current.providerRef === null ? { providerRef: learnt } : {};
    const now = new Date();
    if (state.status === 'succeeded') return countSuccess(deps, tx, current, state, adopted, now);
    const failed =
      state.status === 'expired'
        ? await updatePayment(tx, paymentId, {
            status: 'expired',
            failureReason: 'expired',
            completedAt: now,
            mayCompleteUntil: options.mayCompleteUntil ?? null,
          })
        : await updatePayment(tx, paymentId, {
            ...adopted,
            status: state.status,
            failureReason: state.reason satisfies PaymentFailureReason,
            completedAt: now,
          });
    await raiseDomainEvent(tx, 'payment.failed', { payment: failed, jobs: deps.jobs });
    return failed;
  });
}

/**
 * Runs `settle` in one transaction; when it answers a row (this call settled the payment), wakes the
 * jobs it queued and tells the payment's room. A receipt or provider reference already on another
 * payment (a replay of someone else's callback) is never counted twice: nothing is settled.
 */
async function settleOnce(
  deps: PaymentDeps,
  paymentId: string,
  settle: (tx: Tx) => Promise<PaymentRow | undefined>,
): Promise<PaymentRow | undefined> {
  let settled: PaymentRow | undefined;
  try {
    settled = await deps.db.transaction(settle);
  } catch (error) {
    if (isUniqueViolation(error)) {
      deps.log.warn({ paymentId }, 'payment reference or receipt already recorded on another payment');
      return undefined;
    }
    throw error;
  }
  if (settled) {
    deps.jobs.wake();
    deps.notify(settled);
  }
  return settled;
}

/**
 * A success counted, in the transaction that settles it: the row (receipt, fee), the receipt mail, the
 * ledger's rows and, for a plan, its period. `adopted`: the provider reference learnt with it.
 */
async function countSuccess(
  deps: PaymentDeps,
  tx: Queryable,
  current: PaymentRow,
  state: Extract<ProviderPaymentState, { status: 'succeeded' }>,
  adopted: { providerRef?: string },
  now: Date,
): Promise<PaymentRow> {
  const { jobs } = deps;
  const receipt = state.receipt ?? adopted.providerRef ?? current.providerRef ?? current.id;
  // The fee is the platform's share of what a planner receives; a plan payment is all the platform's.
  const feeCents = current.purpose === 'plan' ? 0 : platformFee(current.amountCents, deps.feeBasisPoints);
  const row = await updatePayment(tx, current.id, {
    ...adopted,
    status: 'succeeded',
    failureReason: null,
    receipt,
    feeCents,
    completedAt: now,
    mayCompleteUntil: null,
  });
  await queueReceiptMail(tx, jobs, row, { waitForReceipt: state.receipt === undefined });
  // The ledger's rows of a booking payment, a plan's 30 days: in this transaction, by their modules.
  await raiseDomainEvent(tx, 'payment.succeeded', {
    payment: row,
    jobs,
    at: now,
    publicUrl: deps.publicUrl,
  });
  return row;
}

/**
 * A success confirmed for a payment given up on (expired): money was taken after all. Counted, as if it
 * had come in time, when the same amount for the same purpose is still owed (the booking still
 * accepted, nothing else paid or waiting for that purpose; a plan: no other plan payment succeeded or
 * waiting since this one started); otherwise never counted and refunded in full through its provider
 * (rule `paid_late`, no ledger rows), the payer and the planner told by mail. Once, under the booking's
 * (or the payer's) row lock, then the payment's. Returns the row when this call settled it.
 */
export async function settleLatePayment(
  deps: PaymentDeps,
  paymentId: string,
  state: Extract<ProviderPaymentState, { status: 'succeeded' }>,
  options: { providerRef?: string } = {},
): Promise<PaymentRow | undefined> {
  return settleOnce(deps, paymentId, async (tx) => {
    const first = await findPayment(tx, paymentId);
    if (!first) return undefined;
    // The same lock order as a start: the booking (or the payer) first, then the payment.
    const booking = first.bookingId ? await lockBooking(tx, first.bookingId) : undefined;
    if (!first.bookingId) await lockUser(tx, first.userId);
    const current = await lockPayment(tx, paymentId);
    if (current?.status !== 'expired' || current.receipt !== null) return undefined;
    const learnt = options.providerRef;
    if (learnt && current.providerRef !== null && current.providerRef !== learnt) return undefined;
    const adopted = learnt && current.providerRef === null ? { providerRef: learnt } : {};
    const owed = booking ? await bookingStillOwes(tx, booking, current) : await planStillOwed(tx, current);
    if (owed) return countSuccess(deps, tx, current, state, adopted, new Date());
    const row = await updatePayment(tx, paymentId, {
      ...adopted,
      receipt: state.receipt ?? learnt ?? current.providerRef ?? current.id,
      mayCompleteUntil: null,
    });
    await raiseDomainEvent(tx, 'payment.lateNotOwed', { payment: row, jobs: deps.jobs });
    await queueLateRefundMails(deps, tx, row);
    return row;
  });
}

/**
 * Whether a booking still owes exactly this late payment: accepted, and its purpose's amount still due
 * (an instalment: still a part the balance may be paid in), unpaid and not asked for again.
 */
async function bookingStillOwes(
  tx: Queryable,
  booking: NonNullable<Awaited<ReturnType<typeof lockBooking>>>,
  payment: PaymentRow,
): Promise<boolean> {
  if (booking.status !== 'accepted') return false;
  const other = await findPendingPayment(tx, booking.id, pendingGroup(payment.purpose));
  if (other && other.id !== payment.id) return false;
  const due = dueNow(booking, await sumSucceededPayments(tx, booking.id), payment);
  return 'amountCents' in due && due.amountCents === payment.amountCents;
}

/** Whether a late plan payment still buys its period: no other plan payment of the person succeeded or waits since it started. */
async function planStillOwed(tx: Queryable, payment: PaymentRow): Promise<boolean> {
  return !(await findPlanPaymentSince(tx, payment));
}

/** The payer's and (for a booking) the planner's mail: this late payment is being refunded in full. */
async function queueLateRefundMails(deps: PaymentDeps, tx: Queryable, payment: PaymentRow) {
  const parties = await findLateRefundParties(tx, payment.id);
  if (!parties) return;
  const title = parties.packageTitle ?? parties.planName ?? '';
  const plan = payment.bookingId === null;
  const url = plan ? `${deps.publicUrl}/pricing` : `${deps.publicUrl}/dashboard/bookings`;
  const mails = [
    { who: parties.payer, payer: undefined },
    ...(parties.planner ? [{ who: parties.planner, payer: parties.payer.username }] : []),
  ];
  for (const [index, { who, payer }] of mails.entries()) {
    await queueMail(
      deps.jobs,
      tx,
      lateRefundMail({
        to: who.email,
        lang: who.locale,
        name: who.username,
        title,
        amount: formatCents(payment.amountCents, who.locale),
        ...(payer === undefined ? {} : { payer }),
        url,
        plan,
      }),
      { uniqueKey: `late-refund-mail:${payment.id}:${index}` },
    );
  }
}

/**
 * Queues the receipt mail of a payment that has just succeeded, in its transaction. Without the
 * provider's receipt number yet, the mail waits a little for the callback that brings it.
 */
async function queueReceiptMail(
  tx: Queryable,
  jobs: JobQueue,
  payment: PaymentRow,
  options: { waitForReceipt: boolean },
) {
  if (!payment.bookingId && !payment.planId) return;
  await jobs.add(tx, {
    kind: PAYMENT_RECEIPT_MAIL_JOB,
    payload: { paymentId: payment.id },
    uniqueKey: receiptMailKey(payment.id),
    ...(options.waitForReceipt && payment.method === 'mpesa'
      ? { runAt: new Date(Date.now() + RECEIPT_MAIL_WAITS_FOR_CALLBACK_MS) }
      : {}),
  });
}

/** The receipt mail's job: the receipt as it stands now, to the client who paid. */
export async function sendReceiptMail(deps: PaymentDeps, paymentId: string): Promise<void> {
  const row = await findPaymentReceipt(deps.db, paymentId);
  if (!row?.payer || (!row.booking && !row.payment.planId) || row.payment.status !== 'succeeded') return;
  // A payment that succeeds after its payer deleted their account: counted, but mailed to nobody.
  if (isDeletedAddress(row.payer.email)) return;
  // The payer switched payment mails off (docs/notifications.md#settings).
  if (row.payment.userId && !(await wantsNotice(deps.db, row.payment.userId, 'email', 'payments'))) return;
  // Rendered when sent, in the payer's language then.
  const lang = row.payer.locale;
  const facts = receiptFacts(row, lang);
  await deps.mailer.send(
    paymentReceiptMail({
      to: row.payer.email,
      lang,
      name: row.payer.username,
      amount: facts.amount,
      title: facts.packageTitle ?? facts.plan ?? facts.purpose,
      lines: receiptLines(facts, lang),
      url: receiptUrl(deps.publicUrl, paymentId),
    }),
  );
}
