import { MESSAGES } from '@sherehe/shared/messages';
import { normaliseKenyanPhone } from '@sherehe/shared/phone';
import { DEFAULT_PLAN_ID, planPriceKesCents } from '@sherehe/shared/plans';
import type { StartPlanPaymentBody } from '@sherehe/shared/schemas/payments';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { payments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { outcomeUnknown } from '../../payments/provider';
import { findPlan } from '../plans';
import { lockUser } from '../users';
import {
  findPayerContact,
  insertPayment,
  mayStillComplete,
  type PaymentRow,
  updatePayment,
} from './payments.queries';
import {
  checkMpesaLimit,
  PAYMENT_RECONCILE_JOB,
  type PaymentDeps,
  PendingPaymentError,
  RECONCILE_FIRST_AFTER_MS,
  settlePayment,
} from './payments.service';

/** The person's plan payment that may still complete, whatever its plan: one at a time per person. */
export async function findPendingPlanPayment(db: Queryable, userId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.planId), mayStillComplete))
    .orderBy(sql`${payments.status} = 'pending' desc`)
    .limit(1);
  return row;
}

/**
 * POST /api/payments with `planId`: the signed-in user starts paying 30 days of a paid plan. As for a
 * booking, the pending row and its reconcile job are committed before the provider is asked; the
 * plan starts when the payment succeeds (settlePayment → applyPlanPayment).
 */
export async function startPlanPayment(
  deps: PaymentDeps & { kesPerUsd: number; actor: { id: string }; input: StartPlanPaymentBody },
): Promise<PaymentRow> {
  const { db, jobs, providers, actor, input } = deps;
  const provider = providers[input.method];
  if (!provider) throw new AppError('CONFLICT', MESSAGES.payments.methodUnavailable);
  const payer = await findPayerContact(db, actor.id);
  if (!payer) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  const phone = input.phone ?? normaliseKenyanPhone(payer.phoneNumber);
  if (input.method === 'mpesa' && !phone) {
    throw new AppError('VALIDATION', MESSAGES.payments.phoneRequired, {
      errors: [{ path: 'phone', message: MESSAGES.payments.phoneRequired }],
    });
  }

  let payment: PaymentRow;
  let planName: string;
  try {
    ({ payment, planName } = await db.transaction(async (tx) => {
      const plan = await findPlan(tx, input.planId);
      if (!plan) throw new AppError('NOT_FOUND', MESSAGES.plans.notFound);
      if (plan.id === DEFAULT_PLAN_ID || plan.priceCents <= 0)
        throw new AppError('VALIDATION', MESSAGES.planPayments.freeNeedsNoPayment);
      // One start at a time per user: the pending check and the insert cannot interleave.
      await lockUser(tx, actor.id);
      const pending = await findPendingPlanPayment(tx, actor.id);
      if (pending) throw new PendingPaymentError(pending);
      // Whole shillings: what GET /api/plans and the 402 quote (planPriceKes).
      const amountCents = planPriceKesCents(plan.priceCents, deps.kesPerUsd);
      checkMpesaLimit(input.method, amountCents, deps.mpesaMaxAmount);
      const row = await insertPayment(tx, {
        bookingId: null,
        planId: plan.id,
        userId: actor.id,
        purpose: 'plan',
        method: input.method,
        amountCents,
        phone: input.method === 'mpesa' ? (phone ?? null) : null,
      });
      await jobs.add(tx, {
        kind: PAYMENT_RECONCILE_JOB,
        payload: { paymentId: row.id },
        uniqueKey: `${PAYMENT_RECONCILE_JOB}:${row.id}`,
        runAt: new Date(Date.now() + RECONCILE_FIRST_AFTER_MS),
      });
      return { payment: row, planName: plan.name };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) {
      const pending = await findPendingPlanPayment(db, actor.id);
      if (pending) throw new PendingPaymentError(pending);
    }
    throw error;
  }

  const started = await provider.start({
    paymentId: payment.id,
    amountCents: payment.amountCents,
    label: `${planName} plan`,
    ...(payment.phone ? { phone: payment.phone } : {}),
    email: payer.email,
    // The pricing page picks the outcome up from `payment`.
    returnUrl: `${deps.publicUrl}/pricing?payment=${payment.id}`,
  });
  if (started.ok) {
    return updatePayment(db, payment.id, {
      providerRef: started.value.providerRef,
      checkoutUrl: started.value.checkoutUrl ?? null,
    });
  }
  if (outcomeUnknown(started.error)) {
    deps.log.warn({ paymentId: payment.id, error: started.error }, 'plan payment start outcome unknown');
    return payment;
  }
  deps.log.warn({ paymentId: payment.id, error: started.error }, 'plan payment start refused');
  const failed = await settlePayment(deps, payment.id, {
    status: 'failed',
    reason: 'provider_error',
    detail: started.error.message,
  });
  return failed ?? payment;
}
