import type { Queryable } from '../../db/client';
import { decimalToCents, payoutsTotal } from '../ledger';
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
  const payoutsCents = decimalToCents(paidOut);
  return {
    paymentsReceived: summary.received,
    bookingPayments: summary.bookings,
    planPayments: summary.plans,
    refunds: summary.refunded,
    fees: summary.fees,
    plannersShare: summary.net,
    platformRevenue: summary.platformRevenue,
    payouts: payoutsCents / 100,
    owedToPlanners: (Math.round(summary.net * 100) - payoutsCents) / 100,
  };
}
