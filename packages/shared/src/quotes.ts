/**
 * A planner's custom offer on a pending booking request or enquiry (docs/bookings-and-calendar.md,
 * Quotes): a price, a deposit share, a message and an expiry. A newer offer replaces an offered one.
 */
export const QUOTE_STATUSES = ['offered', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** What a booking row is: a request for a day, or a question asked before booking (date optional). */
export const BOOKING_KINDS = ['booking', 'enquiry'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
