// User-facing texts of one domain: the receipt of a payment, as a printable page and by email.

export const receiptsMessages = {
  brand: 'Sherehe',
  title: 'Receipt',
  /** The page's <title>. */
  pageTitle: (number: string) => `Receipt ${number} · Sherehe`,
  notFound: 'Receipt not found.',
  /** Under the amount: what the money was for. */
  paidFor: (purpose: string, title: string) => `${purpose} for ${title}`,
  /** When it was paid: 'Mon, 14 Dec 2026 at 14:05 (Nairobi time)'. */
  paidAt: (day: string, time: string) => `${day} at ${time} (Nairobi time)`,
  labels: {
    number: 'Receipt number',
    paidAt: 'Paid on',
    amount: 'Amount',
    method: 'Paid with',
    purpose: 'For',
    packageTitle: 'Package',
    plan: 'Plan',
    planUntil: 'Paid until',
    eventDate: 'Event date',
    client: 'Client',
    planner: 'Planner',
    paymentId: 'Payment id',
    /** A part of the balance: what was left to pay once it was paid. */
    leftAfter: 'Left to pay after this',
  },
  /** The receipt number's line while M-Pesa's number has not come (the payment is confirmed). */
  numberToFollow:
    'To follow: M-Pesa has confirmed the payment and sends its receipt number later; the printable receipt shows it once it comes.',
  printHint: 'Print this page to keep it.',
  footer: 'Sherehe: event planning in Kenya.',
  backToBookings: 'Back to your bookings',
  mailSubject: (title: string) => `Payment received: ${title}`,
  mailGreeting: (name: string) => `Hello ${name},`,
  mailIntro: (amount: string, title: string) =>
    `We received ${amount} for "${title}". Thank you! Your receipt is below.`,
  mailAction: 'Open the printable receipt',
} as const;
