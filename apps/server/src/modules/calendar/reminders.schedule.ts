import {
  BALANCE_REMINDER_DAYS_BEFORE_DUE,
  DEPOSIT_REMINDER_DAYS_AFTER_ACCEPT,
  REMINDER_HOUR_NAIROBI,
  REQUEST_REMINDER_AFTER_HOURS,
  type ReminderKind,
  shiftDay,
} from '@sherehe/shared/calendar';
import { BALANCE_DUE_DAYS_BEFORE } from '@sherehe/shared/payments';

/**
 * When each reminder goes out (docs/architecture.md, Reminders; docs/decisions/015). Pure: the
 * service adds a job per reminder that is still ahead, and the job checks the booking when it runs.
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
 * The reminders of a booking accepted on `acceptedOn` (its day in Nairobi), for its event day, that
 * are still ahead of `now`, each at 09:00 Nairobi: both parties 7 days and 1 day before the event;
 * the client 2 days after the acceptance about the deposit (due on acceptance) while that is before
 * the event; the client 3 days before the balance's due day (7 days before the event) about the
 * balance. A moment already past when the booking is accepted is not sent late.
 */
export function acceptedReminders(options: {
  eventDate: string;
  acceptedOn: string;
  now: Date;
}): PlannedReminder[] {
  const { eventDate, acceptedOn, now } = options;
  const at = (day: string) => nairobiMoment(day, REMINDER_HOUR_NAIROBI);
  const depositDay = shiftDay(acceptedOn, DEPOSIT_REMINDER_DAYS_AFTER_ACCEPT);
  const balanceDueDay = shiftDay(eventDate, -BALANCE_DUE_DAYS_BEFORE);
  const planned: PlannedReminder[] = [
    { kind: 'event-7d', runAt: at(shiftDay(eventDate, -7)) },
    { kind: 'event-1d', runAt: at(shiftDay(eventDate, -1)) },
    ...(depositDay < eventDate ? [{ kind: 'deposit-due' as const, runAt: at(depositDay) }] : []),
    { kind: 'balance-due', runAt: at(shiftDay(balanceDueDay, -BALANCE_REMINDER_DAYS_BEFORE_DUE)) },
  ];
  return planned.filter((reminder) => reminder.runAt.getTime() > now.getTime());
}

/**
 * One job per booking, reminder and event day: scheduling twice adds nothing, and a booking whose
 * day moved would get reminders for its new day under new keys.
 */
export function reminderKey(bookingId: string, kind: ReminderKind, eventDate: string): string {
  return `reminder:${bookingId}:${kind}:${eventDate}`;
}
