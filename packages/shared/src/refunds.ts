/**
 * The refund rules (docs/money.md#refunds-the-ledger-and-payouts), one written rule set that the server applies on every cancellation
 * and the web app shows before one: a planner or admin cancelling refunds everything paid; a client
 * cancelling gets what the booking's cancellation policy gives for the days left before the event
 * (moderate, the default: 30 or more days everything back, 7–29 days the deposit is kept, under 7 days
 * nothing; see CANCELLATION_POLICY_DAYS for the others). Days are calendar days in Africa/Nairobi.
 *
 * Refunds are always whole payments: a kept deposit keeps the deposit payments and gives back the
 * balance payments, so no provider is asked for a part of a payment (an M-Pesa reversal cannot).
 */
import type { CancellationPolicy } from './cancellation-policies';
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

/**
 * Each policy's thresholds for a client who cancels: `fullRefundDays` or more days before the event
 * gives everything back; from `depositKeptDays` (null: whenever) up to that, the deposit is kept and
 * the balance given back; fewer days give nothing back.
 */
export const CANCELLATION_POLICY_DAYS = {
  flexible: { fullRefundDays: 7, depositKeptDays: null },
  moderate: { fullRefundDays: 30, depositKeptDays: 7 },
  strict: { fullRefundDays: 90, depositKeptDays: 30 },
} as const satisfies Record<CancellationPolicy, { fullRefundDays: number; depositKeptDays: number | null }>;

/** The moderate policy's thresholds (today's rule and the default). */
export const FULL_REFUND_DAYS = CANCELLATION_POLICY_DAYS.moderate.fullRefundDays;
export const DEPOSIT_KEPT_DAYS = CANCELLATION_POLICY_DAYS.moderate.depositKeptDays;

/** The rule each policy names for a client's cancellation with everything, the balance or nothing back. */
const CLIENT_RULES = {
  flexible: { all: 'client_flexible_7_days_or_more', balance: 'client_flexible_under_7_days', none: null },
  moderate: { all: 'client_30_days_or_more', balance: 'client_7_to_29_days', none: 'client_under_7_days' },
  strict: {
    all: 'client_strict_90_days_or_more',
    balance: 'client_strict_30_to_89_days',
    none: 'client_strict_under_30_days',
  },
} as const satisfies Record<CancellationPolicy, Record<RefundScope, RefundRule | null>>;

/** Whole calendar days from `today` to `eventDate` (both YYYY-MM-DD); negative once the day has passed. */
export function daysBefore(eventDate: string, today: string): number {
  const ms = Date.parse(`${eventDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** Whether a rule keeps the deposit and gives back the balance (a client cancelling in a policy's middle band). */
export function keepsDeposit(rule: RefundRule): boolean {
  return Object.values(CLIENT_RULES).some((rules) => rules.balance === rule);
}

/** What a client cancelling `days` before the event gets back under a policy. */
export function clientRefundScope(policy: CancellationPolicy, days: number): RefundScope {
  const { fullRefundDays, depositKeptDays } = CANCELLATION_POLICY_DAYS[policy];
  if (days >= fullRefundDays) return 'all';
  if (depositKeptDays === null || days >= depositKeptDays) return 'balance';
  return 'none';
}

/**
 * The rule for a cancellation: by whom (`client` unless the planner or an admin cancels), when, and
 * under the booking's cancellation policy (moderate when not given).
 */
export function refundRule(input: {
  cancelledBy: 'client' | 'planner' | 'admin';
  eventDate: string;
  today: string;
  policy?: CancellationPolicy;
}): { rule: RefundRule; scope: RefundScope } {
  if (input.cancelledBy !== 'client') return { rule: 'cancelled_by_planner', scope: 'all' };
  const policy = input.policy ?? 'moderate';
  const scope = clientRefundScope(policy, daysBefore(input.eventDate, input.today));
  const rule: RefundRule | null = CLIENT_RULES[policy][scope];
  // A policy without a "nothing back" band never reaches it (clientRefundScope stops at 'balance').
  if (rule === null) throw new Error(`The ${policy} policy has no rule for ${scope}`);
  return { rule, scope };
}

/** The calendar day `days` before `eventDate` (both YYYY-MM-DD). */
function dayBefore(eventDate: string, days: number): string {
  const date = new Date(`${eventDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The last days a client may cancel a booking on `eventDate` and get everything back
 * (`fullRefundUntil`) or the balance with the deposit kept (`depositKeptUntil`; null when the policy
 * keeps the deposit up to the event itself, as flexible does, which never gives nothing back).
 * `depositKeptUntil` is the last day of the deposit-kept band, after which nothing is refunded.
 */
export function cancellationDeadlines(
  policy: CancellationPolicy,
  eventDate: string,
): { fullRefundUntil: string; depositKeptUntil: string | null } {
  const { fullRefundDays, depositKeptDays } = CANCELLATION_POLICY_DAYS[policy];
  return {
    fullRefundUntil: dayBefore(eventDate, fullRefundDays),
    depositKeptUntil: depositKeptDays === null ? null : dayBefore(eventDate, depositKeptDays),
  };
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
