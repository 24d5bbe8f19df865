import {
  BALANCE_REMINDER_DAYS_BEFORE_DUE,
  DEPOSIT_REMINDER_DAYS_AFTER_ACCEPT,
  REMINDER_HOUR_NAIROBI,
  REQUEST_REMINDER_AFTER_HOURS,
  type ReminderKind,
  shiftDay,
} from '@sherehe/shared/calendar';
import { todayInNairobi } from '@sherehe/shared/dates';
import { BALANCE_DUE_DAYS_BEFORE } from '@sherehe/shared/payments';

/**
 * When each reminder goes out (docs/bookings-and-calendar.md, Reminders; docs/decisions/015). Pure: the
 * service adds a job per reminder planned, and the job checks the booking when it runs.
 */

export interface PlannedReminder {
  kind: ReminderKind;
  runAt: Date;
}

/** An hour of a calendar day in Nairobi (UTC+3 all year: Kenya keeps no summer time). */
export function nairobiMoment(day: string, hour: number): Date {
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`);
}

/** The planner hears of a request that waited 24 hours for an answer. */
export function requestReminder(requestedAt: Date): PlannedReminder {
  return {
    kind: 'request-unanswered',
    runAt: new Date(requestedAt.getTime() + REQUEST_REMINDER_AFTER_HOURS * 3_600_000),
  };
}

/**
 * The reminders of a booking accepted on `acceptedOn` (its day in Nairobi), for its event day, still
 * to send at `now`, each at 09:00 Nairobi: both parties 7 days and 1 day before the event;
 * the client 2 days after the acceptance about the deposit (due on acceptance) while that is before
 * the event; the client 3 days before the balance's due day (7 days before the event) about the
 * balance. A moment already past when the booking is accepted is not sent late, except the
 * balance's: a booking accepted 8 to 10 days before its event is still recalled before its balance
 * falls due (`balanceReminderAt`).
 */
export function acceptedReminders(options: {
  eventDate: string;
  acceptedOn: string;
  now: Date;
}): PlannedReminder[] {
  const { eventDate, acceptedOn, now } = options;
  const at = (day: string) => nairobiMoment(day, REMINDER_HOUR_NAIROBI);
  const depositDay = shiftDay(acceptedOn, DEPOSIT_REMINDER_DAYS_AFTER_ACCEPT);
  const planned: PlannedReminder[] = [
    { kind: 'event-7d', runAt: at(shiftDay(eventDate, -7)) },
    { kind: 'event-1d', runAt: at(shiftDay(eventDate, -1)) },
    ...(depositDay < eventDate ? [{ kind: 'deposit-due' as const, runAt: at(depositDay) }] : []),
  ];
  const balance = balanceReminderAt({ eventDate, now });
  return [
    ...planned.filter((reminder) => reminder.runAt.getTime() > now.getTime()),
    ...(balance ? [{ kind: 'balance-due' as const, runAt: balance }] : []),
  ];
}

/**
 * When the balance is recalled: 09:00 Nairobi 3 days before its due day (7 days before the event).
 * When that moment has passed but the due day is still ahead, at the next 09:00 if that comes before
 * the due day, else at once: a client hears of their balance before the day it is due, never on or
 * after it, and once (one job, one key). Nothing once the due day has come.
 */
export function balanceReminderAt(options: { eventDate: string; now: Date }): Date | null {
  const { eventDate, now } = options;
  const today = todayInNairobi(now);
  const dueDay = shiftDay(eventDate, -BALANCE_DUE_DAYS_BEFORE);
  const planned = nairobiMoment(shiftDay(dueDay, -BALANCE_REMINDER_DAYS_BEFORE_DUE), REMINDER_HOUR_NAIROBI);
  if (planned.getTime() > now.getTime()) return planned;
  if (today >= dueDay) return null;
  const nineToday = nairobiMoment(today, REMINDER_HOUR_NAIROBI);
  const nextNine =
    nineToday.getTime() > now.getTime()
      ? nineToday
      : nairobiMoment(shiftDay(today, 1), REMINDER_HOUR_NAIROBI);
  return nextNine.getTime() < nairobiMoment(dueDay, 0).getTime() ? nextNine : now;
}

/**
 * One job per booking, reminder and event day: scheduling twice adds nothing, and a booking whose
 * day moved would get reminders for its new day under new keys.
 */
export function reminderKey(bookingId: string, kind: ReminderKind, eventDate: string): string {
  return `reminder:${bookingId}:${kind}:${eventDate}`;
}
