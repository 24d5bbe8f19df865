// User-facing texts of one domain: the dashboard's Payments page (a planner's takings, every payment for admins).

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const paymentPagesMessages = {
  title: 'Payments',
  introPlanner: "What clients paid for your bookings, the platform's fee and what you keep.",
  introAdmin:
    'Every payment made on Sherehe. Filter by status, method and dates, and ask the provider about a payment still waiting.',

  summaryLabel: 'Totals',
  summaryLabelFiltered: 'Totals for these filters',
  received: 'Received',
  fees: 'Platform fees',
  net: 'Net',
  /** Under Received: how many successful payments the totals add up. */
  receivedFrom: (count: number) => `From ${plural(count, 'payment')}`,
  // What each money figure means: one definition, said the same way on every page that shows it.
  receivedMeans: 'Successful payments, before any refund.',
  receivedSplit: (bookings: string, plans: string) => `Bookings ${bookings}, plans ${plans}`,
  refunded: 'Refunded',
  refundedMeans: 'Given back to clients by completed refunds.',
  feesMeans:
    "The platform's share of booking payments, less what went back with refunds. Plans carry no fee.",
  netMeans: 'What planners keep: booking payments less refunds and platform fees.',
  platformRevenue: 'Platform revenue',
  platformRevenueMeans: 'Platform fees plus plan payments.',
  /** A plan payment in the list: what it paid for. */
  planTitle: (plan: string | null) => (plan ? `${plan} plan` : 'A plan'),

  listLabel: 'Payments',
  loading: 'Loading payments…',
  loadFailed: 'Failed to load payments.',
  count: (total: number) => `${plural(total, 'payment')}, newest first.`,
  noneYet: 'No payments yet.',
  noneYetHint: 'When a client pays the deposit or the balance of one of your bookings, it shows here.',
  noneAtAll: 'Nobody has paid anything yet.',
  noneMatch: 'No payments match these filters.',
  noneMatchHint: 'Try another status, method or dates.',
  clearFilters: 'Clear filters',

  columns: {
    date: 'Date',
    client: 'Client',
    planner: 'Planner',
    clientAndPlanner: 'Client and planner',
    package: 'Package',
    plan: 'Plan',
    packageAndPurpose: 'Package and purpose',
    amount: 'Amount',
    fee: 'Fee',
    net: 'Net',
    status: 'Status',
    receipt: 'Receipt',
    statusAndReceipt: 'Status and receipt',
  },
  /** Shown for a fee or net that does not apply (a payment that did not go through). */
  none: '—',
  noneSpoken: 'none',
  /** A payment whose package or person was deleted since. */
  deletedPackage: 'Deleted package',
  deletedUser: 'Deleted user',
  /** One payment's card on a phone, named for screen readers: 'Ksh 3,000 from Wanjiru'. */
  cardLabel: (amount: string, client: string) => `${amount} from ${client}`,
  purposeBy: (purpose: string, method: string) => `${purpose} by ${method}`,
  /** The planner under the client, in an admin's table: 'to Amani Events'. */
  toPlanner: (planner: string) => `to ${planner}`,

  receiptLink: 'Receipt',
  /** Read after "Receipt" by screen readers, so every row's link says whose it is. */
  receiptLinkFor: (receipt: string) => ` ${receipt}`,
  /** In the receipt column: M-Pesa confirmed the payment, its receipt number has not come yet. */
  receiptToFollow: 'M-Pesa receipt no. to follow',

  filtersLabel: 'Filter payments',
  status: 'Status',
  allStatuses: 'All statuses',
  method: 'Method',
  allMethods: 'All methods',
  from: 'From',
  to: 'To',

  check: 'Check status',
  checking: 'Checking...',
  /** Read after "Check status" by screen readers: which payment the button asks about. */
  checkFor: (amount: string, client: string) => ` of ${amount} from ${client}`,
  checkFailed: 'Failed to check the payment.',
  checkedPaid: (amount: string, receipt: string | null) =>
    receipt ? `Paid: ${amount} was received, receipt ${receipt}.` : `Paid: ${amount} was received.`,
  checkedPaidReceiptToFollow: (amount: string) =>
    `Paid: ${amount} was received. M-Pesa's receipt number will follow.`,
  checkedNotPaid: (amount: string, reason: string) => `Not paid (${amount}). ${reason}`,
  checkedStillPending: (amount: string) =>
    `Still waiting: the provider has no answer yet for the payment of ${amount}. It is checked again automatically.`,
} as const;
