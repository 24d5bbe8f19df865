// User-facing texts of refunds, earnings and payouts (docs/money.md#refunds-the-ledger-and-payouts).

import type { RefundRule, RefundStatus } from '../refunds';

export const refundsMessages = {
  /** The rule that decided a refund, as both parties read it. */
  rules: {
    cancelled_by_planner: 'Cancelled by the planner or an admin: everything paid is refunded.',
    client_30_days_or_more:
      'Cancelled by the client 30 days or more before the event: everything paid is refunded.',
    client_7_to_29_days: 'Cancelled by the client 7 to 29 days before the event: the deposit is kept.',
    client_under_7_days: 'Cancelled by the client less than 7 days before the event: nothing is refunded.',
    paid_after_cancellation: 'Paid after the booking was cancelled: refunded in full.',
    paid_late: 'Paid after the payment had expired, when nothing was owed any more: refunded in full.',
    client_flexible_7_days_or_more:
      'Cancelled by the client 7 days or more before the event (flexible policy): everything paid is refunded.',
    client_flexible_under_7_days:
      'Cancelled by the client less than 7 days before the event (flexible policy): the deposit is kept.',
    client_strict_90_days_or_more:
      'Cancelled by the client 90 days or more before the event (strict policy): everything paid is refunded.',
    client_strict_30_to_89_days:
      'Cancelled by the client 30 to 89 days before the event (strict policy): the deposit is kept.',
    client_strict_under_30_days:
      'Cancelled by the client less than 30 days before the event (strict policy): nothing is refunded.',
  } satisfies Record<RefundRule, string>,
  statuses: { pending: 'Refund on its way', succeeded: 'Refunded', failed: 'Refund failed' } satisfies Record<
    RefundStatus,
    string
  >,
  // The booking page: its refunds, and what a cancellation would give back before it is confirmed.
  refundsTitle: 'Refunds',
  refundLine: (amount: string, status: string) => `${amount} · ${status}`,
  previewLoading: 'Working out the refund…',
  previewFailed: 'The refund could not be worked out. Cancelling still refunds by the policy.',
  previewRefund: (amount: string) => `If you cancel now, ${amount} will be refunded.`,
  previewNothing: 'If you cancel now, nothing will be refunded.',
  previewKept: (amount: string) => `The planner keeps ${amount}.`,
  /** The cancellation policy keeps the deposit: what is kept is the deposit's payments. */
  previewKeptDeposit: (amount: string) => `The planner keeps ${amount} (the deposit).`,
  bookingNotFound: 'Booking not found.',
  onlyParties: 'Only the parties of this booking can see its refunds.',
  mailSubject: (title: string) => `Your refund for ${title}`,
  mailGreeting: (name: string) => `Hello ${name},`,
  mailIntro: (amount: string, title: string) =>
    `${amount} has been refunded to you for ${title}, through the way you paid.`,
  mailRule: 'Why',
  mailAmount: 'Amount refunded',
  mailAction: 'See the booking',
  payoutTooLarge: (payable: string) => `The payout is more than this planner's payable balance (${payable}).`,
  payoutReferenceUsed: 'A payout with this M-Pesa reference is already recorded.',
  plannerNotFound: 'Planner not found.',
  referenceInvalid: 'Enter the M-Pesa transaction code of the payout, like QFT4XYZ123.',
  // The planner's Earnings page and the admins' Payouts page.
  earningsTitle: 'Earnings',
  earningsIntro:
    'Every payment, fee, refund and payout of your bookings is a row below. Earnings become payable one day after the event.',
  balance: 'Balance',
  pending: 'Pending',
  payable: 'Payable',
  ledgerTitle: 'Ledger',
  noEntries: 'Nothing earned yet.',
  loadFailed: 'The figures could not be loaded.',
  loading: 'Loading…',
  entryKinds: {
    payment: 'Payment received',
    fee: 'Platform fee',
    refund: 'Refund to the client',
    fee_refund: 'Platform fee returned',
    payout: 'Payout to you',
  } satisfies Record<'payment' | 'refund' | 'fee' | 'fee_refund' | 'payout', string>,
  payoutsTitle: 'Payouts',
  payoutsIntro: 'What each planner is owed, and the payouts made to them by M-Pesa.',
  owedTitle: 'Owed to planners',
  noPlanners: 'No planner has earnings yet.',
  historyTitle: 'Payout history',
  noPayouts: 'No payouts yet.',
  plannerColumn: 'Planner',
  amountColumn: 'Amount',
  referenceColumn: 'M-Pesa reference',
  dateColumn: 'Date',
  recordTitle: 'Record a payout',
  plannerLabel: 'Planner',
  amountLabel: 'Amount (Ksh)',
  referenceLabel: 'M-Pesa reference',
  recordButton: 'Record payout',
  recording: 'Recording…',
  recorded: (amount: string, name: string) => `Payout of ${amount} to ${name} recorded.`,
  recordFailed: 'The payout could not be recorded.',
  amountInvalid: 'Enter the amount in shillings, like 5000 or 5,000.50.',
  // Analytics: the money through the ledger.
  figures: {
    paymentsReceived: 'Payments received',
    refunds: 'Refunds',
    fees: 'Platform fees',
    payouts: 'Payouts',
    plannersShare: 'Planners keep',
    owedToPlanners: 'Owed to planners',
  },
  /** What each figure means (the payments' figures say theirs in paymentPagesMessages). */
  payoutsMeans: 'Paid out to planners by M-Pesa.',
  owedMeans: 'What planners keep less what was paid out to them: the sum of their balances.',
  balanceMeans:
    'Balance: what clients paid for your bookings, less platform fees, refunds and the payouts made to you.',
  plannerBalanceMeans:
    "Each planner's balance: what clients paid for their bookings, less platform fees, refunds and payouts.",
};
