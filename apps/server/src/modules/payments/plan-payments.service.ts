import { MESSAGES } from '@sherehe/shared/messages';
import { DEFAULT_PLAN_ID, planPriceKesCents } from '@sherehe/shared/plans';
import type { StartPlanPaymentBody } from '@sherehe/shared/schemas/payments';
import { AppError } from '../../lib/app-error';
import { findPlan } from '../plans';
import { lockUser } from '../users';
import { findPendingPlanPayment, type PaymentRow } from './payments.queries';
import {
  checkMpesaLimit,
  type PaymentDeps,
  PendingPaymentError,
  requirePhone,
  startWithProvider,
} from './payments.service';

/**
 * POST /api/payments with `planId`: the signed-in user starts paying 30 days of a paid plan. As for a
 * booking, the pending row and its reconcile job are committed before the provider is asked; the
 * plan starts when the payment succeeds (`payment.succeeded`, handled by the plans module).
 */
export function startPlanPayment(
  deps: PaymentDeps & { kesPerUsd: number; actor: { id: string }; input: StartPlanPaymentBody },
): Promise<PaymentRow> {
  const { actor, input } = deps;
  return startWithProvider(deps, {
    what: 'plan payment',
    pendingAfterRace: () => findPendingPlanPayment(deps.db, actor.id),
    prepare: async (tx, phone) => {
      requirePhone(input.method, phone);
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
      return {
        values: { bookingId: null, planId: plan.id, purpose: 'plan', amountCents },
        label: `${plan.name} plan`,
        // The pricing page picks the outcome up from `payment`.
        returnPath: '/pricing',
      };
    },
  });
}
