/**
 * The refund policy (docs/money.md#refunds-the-ledger-and-payouts), one written rule set that the server applies on every cancellation
 * and the web app shows before one: a planner or admin cancelling refunds everything paid; a client
 * cancelling 30 or more days before the event gets everything back, 7–29 days before the deposit is
 * kept, under 7 days nothing is refunded. Days are calendar days in Africa/Nairobi.
 *
 * Refunds are always whole payments: a kept deposit keeps the deposit payments and gives back the
 * balance payments, so no provider is asked for a part of a payment (an M-Pesa reversal cannot).
 */
import type { PaymentPurpose } from './payments';

/** Which rule decided a refund (shown to both parties with the amount). */
export const REFUND_RULES = [
  'cancelled_by_planner',
  'client_30_days_or_more',
  'client_7_to_29_days',
  'client_under_7_days',
  'paid_after_cancellation',
  'paid_late',
  // The flexible and strict cancellation policies (the three above are the moderate one's).
  'client_flexible_7_days_or_more',
  'client_flexible_under_7_days',
  'client_strict_90_days_or_more',
  'client_strict_30_to_89_days',
  'client_strict_under_30_days',
] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What a rule gives back: every payment, the balance payments (the deposit is kept), or nothing. */
export type RefundScope = 'all' | 'balance' | 'none';

export const FULL_REFUND_DAYS = 30;
export const DEPOSIT_KEPT_DAYS = 7;

/** Whole calendar days from `today` to `eventDate` (both YYYY-MM-DD); negative once the day has passed. */
export function daysBefore(eventDate: string, today: string): number {
  const ms = Date.parse(`${eventDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The rule for a cancellation: by whom (`client` unless the planner or an admin cancels) and when. */
export function refundRule(input: {
  cancelledBy: 'client' | 'planner' | 'admin';
  eventDate: string;
  today: string;
}): { rule: RefundRule; scope: RefundScope } {
  if (input.cancelledBy !== 'client') return { rule: 'cancelled_by_planner', scope: 'all' };
  const days = daysBefore(input.eventDate, input.today);
  if (days >= FULL_REFUND_DAYS) return { rule: 'client_30_days_or_more', scope: 'all' };
  if (days >= DEPOSIT_KEPT_DAYS) return { rule: 'client_7_to_29_days', scope: 'balance' };
  return { rule: 'client_under_7_days', scope: 'none' };
}

/** A succeeded payment the policy looks at; amounts in integer KES cents. */
export interface RefundablePayment {
  id: string;
  purpose: PaymentPurpose;
  amountCents: number;
}

/** The payments a scope gives back, each whole, and their total in cents. */
export function refundsFor<P extends RefundablePayment>(
  scope: RefundScope,
  paid: readonly P[],
): { payments: P[]; totalCents: number } {
  const chosen = paid.filter(
    (p) =>
      p.purpose !== 'plan' &&
      // Instalments are balance money: a kept deposit gives them back whole, as it does the balance.
      (scope === 'all' || (scope === 'balance' && (p.purpose === 'balance' || p.purpose === 'instalment'))),
  );
  return { payments: chosen, totalCents: chosen.reduce((sum, p) => sum + p.amountCents, 0) };
}

/**
 * The platform's fee given back with a refund: refunds are whole payments, so the whole fee fixed on
 * that payment, and the planner's balance loses exactly what it gained from the payment.
 */
export function feeRefundCents(refundCents: number, paymentCents: number, feeCents: number): number {
  if (refundCents >= paymentCents) return feeCents;
  // A part of a payment (not made by this policy): the fee's share, rounded down so the platform never gives back more than it kept.
  return Math.floor((feeCents * refundCents) / paymentCents);
}
