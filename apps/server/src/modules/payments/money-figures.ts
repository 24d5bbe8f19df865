import { fromCents } from '@sherehe/shared/money';
import type { Queryable } from '../../db/client';
import { payoutsTotal } from '../ledger';
import { summarisePayments } from './payments.queries';

/**
 * The money figures of the admin pages (the marketplace's, or one planner's), Ksh, each by its one
 * definition (docs/money.md, Money figures): the payments' sums as the Payments page totals
 * them (`summarisePayments`, no filters), the payouts made, and what planners are still owed (what
 * they keep less what was paid out: the sum of their ledger balances).
 */
export async function moneyFigures(db: Queryable, plannerId?: string) {
  const [summary, paidOut] = await Promise.all([
    summarisePayments(db, plannerId ? { plannerId } : {}),
    payoutsTotal(db, plannerId),
  ]);
  return {
    paymentsReceived: fromCents(summary.received),
    bookingPayments: fromCents(summary.bookings),
    planPayments: fromCents(summary.plans),
    refunds: fromCents(summary.refunded),
    fees: fromCents(summary.fees),
    plannersShare: fromCents(summary.net),
    platformRevenue: fromCents(summary.platformRevenue),
    payouts: fromCents(paidOut),
    owedToPlanners: fromCents(summary.net - paidOut),
  };
}
