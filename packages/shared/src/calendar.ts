/**
 * Availability and reminder rules server and web share (docs/bookings-and-calendar.md, Calendar, availability
 * and reminders). The texts people read are in `messages/calendar`.
 */

/** How many events a planner takes on one day when they have not said otherwise. */
export const DEFAULT_EVENTS_PER_DAY = 1;
export const MIN_EVENTS_PER_DAY = 1;
export const MAX_EVENTS_PER_DAY = 20;

/** The longest range one availability call answers, in days (from and to included). */
export const MAX_AVAILABILITY_DAYS = 366;

/**
 * The most days one call blocks or unblocks at once (from and to included): a quarter of a year,
 * enough for a long leave, small enough to write in one short transaction.
 */
export const MAX_BLOCK_RANGE_DAYS = 92;

/** A blocked day's private note, in characters. */
export const BLOCK_NOTE_MAX = 200;

/**
 * Bookings that take one of a planner's places on their day. A completed event took its place too
 * (a planner may mark an event completed before its day ends).
 */
export const DAY_TAKING_STATUSES = ['accepted', 'completed'] as const;

/** The reminders the job queue sends (docs/bookings-and-calendar.md#reminders), each by email. */
export const REMINDER_KINDS = [
  /** Both parties, 7 days before an accepted event. */
  'event-7d',
  /** Both parties, the day before an accepted event. */
  'event-1d',
  /** The planner, about a request left unanswered for 24 hours. */
  'request-unanswered',
  /** The client, about a deposit still unpaid 2 days after the planner accepted. */
  'deposit-due',
  /** The client, about a balance still unpaid 3 days before it is due. */
  'balance-due',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The hour of the day (Africa/Nairobi) at which the day-based reminders go out. */
export const REMINDER_HOUR_NAIROBI = 9;
/** Hours a request waits for an answer before its planner is reminded. */
export const REQUEST_REMINDER_AFTER_HOURS = 24;
/** Days after the acceptance on which an unpaid deposit is recalled. */
export const DEPOSIT_REMINDER_DAYS_AFTER_ACCEPT = 2;
/** Days before the balance's due day on which an unpaid balance is recalled. */
export const BALANCE_REMINDER_DAYS_BEFORE_DUE = 3;

/** The number of calendar days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysInRange(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** A calendar day (YYYY-MM-DD) moved by a number of days, across month and year ends. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The one rule of a range of days blocked or unblocked at once (YYYY-MM-DD, both included): `to` not
 * before `from`, and at most MAX_BLOCK_RANGE_DAYS days. Which part fails, or null when it holds.
 * Kept free of zod and texts so the calendar page checks it without the schemas' weight.
 */
export function blockRangeProblem(from: string, to: string): 'backwards' | 'tooLong' | null {
  if (from > to) return 'backwards';
  return daysInRange(from, to) > MAX_BLOCK_RANGE_DAYS ? 'tooLong' : null;
}
