// User-facing texts of one domain; the specification's quotes are copied word for word.

export const analyticsMessages = {
  loadFailed: 'Failed to load analytics',
  upgrade: 'Analytics come with the Pro and Enterprise plans. Please upgrade your plan to see your numbers.',
  forbidden: 'Only planners and admins have analytics.',
  upgradeTitle: 'Analytics need a bigger plan',
  intro: 'Bookings, revenue and reviews at a glance.',
  marketplaceIntro: 'The whole marketplace at a glance.',
  plannerIntro: 'Your packages’ bookings, revenue and reviews at a glance.',
  loading: 'Loading analytics…',
  figures: 'Figures',
  totalBookings: 'Total bookings',
  completedBookings: 'Completed bookings',
  totalRevenue: 'Total revenue',
  totalRevenueMeans: 'Prices of completed bookings. Money actually paid is under Payments received.',
  revenueMeans: 'Prices of completed bookings, by the month of the event.',
  packages: 'Packages',
  reviews: 'Reviews',
  users: 'Users',
  clients: 'Clients',
  planners: 'Planners',
  admins: 'Admins',
  showTheNumbers: 'Show the numbers',
  byStatusTitle: 'Bookings by status',
  /** What the status chart shows, read out in place of it: its rows are `statusRow`s. */
  byStatusSummary: (rows: string[]) => `Bookings by status. ${rows.join(', ')}.`,
  statusRow: (label: string, count: number) => `${label}: ${count}`,
  status: 'Status',
  bookings: 'Bookings',
  revenueTitle: 'Revenue by month',
  /** What the revenue chart shows, read out in place of it (amounts and months already written out). */
  revenueSummary: (from: string, to: string, total: string, busiest?: { month: string; revenue: string }) =>
    `Revenue by month from ${from} to ${to}: ${total} in all` +
    (busiest ? `, most in ${busiest.month} with ${busiest.revenue}.` : '.'),
  noRevenue: 'No revenue yet.',
  highest: (amount: string) => `Highest: ${amount}`,
  noRevenueShort: 'No revenue yet',
  month: 'Month',
  revenue: 'Revenue',
} as const;
