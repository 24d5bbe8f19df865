import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/job-queue';
import type { PaymentProviders } from '../../payments/providers';
import { findRefundContext } from './ledger.queries';

/**
 * A refund whose outcome never came (docs/money.md#refunds-the-ledger-and-payouts): M-Pesa posts a reversal's result to our callback
 * address, and a lost callback would leave the refund pending for ever. As pending payments are
 * reconciled by querying (`payments-reconcile.service.ts`), a pending refund is asked about: a minute
 * after the provider accepted it, then with the queue's growing delays until it is settled.
 */
export const REFUND_STATUS_JOB = 'refund-status';
export const refundStatusJobKey = (refundId: string) => `${REFUND_STATUS_JOB}:${refundId}`;
/** The first question, once the result had time to come by itself. */
export const REFUND_STATUS_FIRST_AFTER_MS = 60_000;

export interface RefundStatusDeps {
  db: Db;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
}

/**
 * One try of the job: nothing to do once the refund is settled (by its callback or an earlier
 * answer); otherwise the provider is asked, and its answer arrives as a callback that settles the
 * refund under its row lock, once (`settleRefund`). Thrown while pending, so the queue asks again.
 */
export async function runRefundStatusJob(deps: RefundStatusDeps, refundId: string) {
  const context = await findRefundContext(deps.db, refundId);
  const refund = context?.refund;
  if (!context || refund?.status !== 'pending' || refund.providerRef === null) return;
  const provider = deps.providers[context.payment.method];
  if (!provider?.askRefundStatus) return;
  const asked = await provider.askRefundStatus(refund.providerRef);
  if (!asked.ok) deps.log.warn({ refundId, error: asked.error }, 'refund status query failed');
  throw new Error(`refund ${refundId} still pending at the provider`);
}

/** The job that asks the provider about a pending refund (registered in jobs/job-kinds.ts). */
export function refundStatusJob(deps: RefundStatusDeps): JobHandler<{ refundId: string }> {
  return {
    // With the queue's doubling delays, a day and more of asking before an admin is shown a failed job.
    maxAttempts: 16,
    run: (payload) => runRefundStatusJob(deps, payload.refundId),
  };
}
