import type { Messages } from '@sherehe/shared/messages-sw';
import { mailTemplate, type Recipient } from './templates';

/** What every calendar mail is about: a day booked for a package, and the bookings page. */
interface CalendarMailInput extends Recipient {
  title: string;
  day: string;
  url: string;
}

/** A calendar mail in the recipient's language, with a link to their bookings. */
function calendarMail<Extra extends object = object>(
  words: (
    texts: Messages['calendar'],
    input: CalendarMailInput & Extra,
  ) => { subject: string; paragraphs: readonly string[] },
) {
  return mailTemplate<CalendarMailInput & Extra>(({ calendar: texts }, input) => ({
    ...words(texts, input),
    action: { label: texts.openBookings, url: input.url },
  }));
}

/** To the client of a pending request declined because its day filled up. */
export const dayFullDeclinedMail = calendarMail((texts, input) => ({
  subject: texts.dayFullSubject(input.title),
  paragraphs: texts.dayFullText(input),
}));

/** To either party, some days before an accepted event. */
export const eventReminderMail = calendarMail<{ otherParty: string; daysAhead: number }>((texts, input) => ({
  subject: texts.reminderEventSubject(input.title, input.daysAhead),
  paragraphs: texts.reminderEventText(input),
}));

/** To the planner of a request still waiting for an answer. */
export const requestReminderMail = calendarMail<{ client: string }>((texts, input) => ({
  subject: texts.reminderRequestSubject(input.title),
  paragraphs: texts.reminderRequestText(input),
}));

/** To the client of an accepted booking whose deposit is still unpaid. */
export const depositReminderMail = calendarMail<{ amount: string }>((texts, input) => ({
  subject: texts.reminderDepositSubject(input.title),
  paragraphs: texts.reminderDepositText(input),
}));

/** To the client of an accepted booking whose balance falls due soon. */
export const balanceReminderMail = calendarMail<{ amount: string; dueOn: string; partlyPaid?: boolean }>(
  (texts, input) => ({
    subject: texts.reminderBalanceSubject(input.title),
    paragraphs: texts.reminderBalanceText(input),
  }),
);
