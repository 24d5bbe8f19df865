// User-facing texts of one domain: availability, calendar feeds and reminders (docs/bookings-and-calendar.md#calendar-availability-and-reminders).
import {
  BLOCK_NOTE_MAX,
  MAX_AVAILABILITY_DAYS,
  MAX_BLOCK_RANGE_DAYS,
  MAX_EVENTS_PER_DAY,
  MIN_EVENTS_PER_DAY,
} from '../calendar';

export const calendarMessages = {
  /** docs/bookings-and-calendar.md#availability, word for word: a request or an acceptance for a blocked or full day. */
  notAvailable: 'This planner is not available on that date.',
  eventsPerDayRange: `Events per day must be a whole number from ${MIN_EVENTS_PER_DAY} to ${MAX_EVENTS_PER_DAY}.`,
  plannerNotFound: 'Planner not found.',
  dayInvalid: 'Use a date written as YYYY-MM-DD.',
  fromRequired: 'from is required (YYYY-MM-DD).',
  toRequired: 'to is required (YYYY-MM-DD).',
  /** A date range whose end comes before its start, said on the "To" field (every from/to filter). */
  rangeBackwards: 'The "To" date must be the same as or after the "From" date.',
  rangeTooLong: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time.`,
  blockPast: 'A day in the past cannot be blocked.',
  blockTooFar: 'That day is too far ahead to block.',
  noteTooLong: `The note must be at most ${BLOCK_NOTE_MAX} characters.`,
  noteText: 'The note must be text.',
  dayBlocked: 'Day blocked. No new requests can be made for it.',
  dayUnblocked: 'Day unblocked.',
  alreadyBlocked: 'That day is already blocked.',
  /** Blocking or unblocking several days at once: the last day comes before the first. */
  blockRangeBackwards: 'The last day must be the same as or after the first day.',
  blockRangeTooLong: `Block or unblock at most ${MAX_BLOCK_RANGE_DAYS} days at a time.`,
  daysBlocked: (count: number) =>
    count === 1
      ? 'Day blocked. No new requests can be made for it.'
      : `${count} days blocked. No new requests can be made for them.`,
  daysUnblocked: (count: number) => (count === 1 ? 'Day unblocked.' : `${count} days unblocked.`),
  noneBlocked: 'None of those days is blocked.',
  notBlocked: 'That day is not blocked.',
  calendarNotFound: 'Calendar not found.',
  feedReplaced: 'Your calendar link was replaced. The old link no longer works.',
  /** An event in a calendar feed, seen by one party: the package and the other party. */
  eventSummary: (title: string, otherParty: string) => `${title} with ${otherParty}`,
  eventDescription: (status: string, url: string) => `Sherehe booking, ${status.toLowerCase()}. ${url}`,
  calendarName: 'Sherehe bookings',

  /** To the clients of the pending requests declined when their day filled up. */
  dayFullSubject: (title: string) => `Booking request declined: ${title}`,
  dayFullText: (input: { name: string; title: string; day: string }) => [
    `Hello ${input.name},`,
    `Your request for "${input.title}" on ${input.day} was declined: the planner is now fully booked that day.`,
    'You can choose another day or another planner.',
  ],

  reminderEventSubject: (title: string, daysAhead: number) =>
    daysAhead === 1 ? `Reminder: ${title} is tomorrow` : `Reminder: ${title} is in ${daysAhead} days`,
  reminderEventText: (input: { name: string; title: string; day: string; otherParty: string }) => [
    `Hello ${input.name},`,
    `"${input.title}" with ${input.otherParty} is on ${input.day}.`,
    'The details and your chat are on your bookings page.',
  ],
  reminderRequestSubject: (title: string) => `A booking request is waiting for your answer: ${title}`,
  reminderRequestText: (input: { name: string; title: string; day: string; client: string }) => [
    `Hello ${input.name},`,
    `${input.client} asked to book "${input.title}" for ${input.day} more than a day ago and is waiting for your answer.`,
    'Accept or decline the request from your dashboard.',
  ],
  reminderDepositSubject: (title: string) => `Deposit due: ${title}`,
  reminderDepositText: (input: { name: string; title: string; day: string; amount: string }) => [
    `Hello ${input.name},`,
    `The deposit of ${input.amount} for "${input.title}" on ${input.day} is due: the planner accepted your booking.`,
    'You can pay it by M-Pesa or card from your bookings page.',
  ],
  reminderBalanceSubject: (title: string) => `Balance due soon: ${title}`,
  reminderBalanceText: (input: {
    name: string;
    title: string;
    day: string;
    amount: string;
    dueOn: string;
    /** Part of the balance is paid already: `amount` is what is left of it. */
    partlyPaid?: boolean;
  }) => [
    `Hello ${input.name},`,
    input.partlyPaid
      ? `${input.amount} is left to pay for "${input.title}" on ${input.day}, due by ${input.dueOn}.`
      : `${input.amount} for "${input.title}" on ${input.day} is due by ${input.dueOn}.`,
    'You can pay it by M-Pesa or card from your bookings page.',
  ],
  openBookings: 'Open your bookings',
} as const;
