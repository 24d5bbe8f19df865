import { daysInRange, REMINDER_KINDS, type ReminderKind } from '@sherehe/shared/calendar';
import { formatDay, todayInNairobi } from '@sherehe/shared/dates';
import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { formatCents, formatKsh } from '@sherehe/shared/money';
import { bookingMoneyFromCents, depositCents } from '@sherehe/shared/payments';
import { shortBookingLink } from '@sherehe/shared/sms-text';
import type { Db, Queryable } from '../../db/client';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import {
  balanceReminderMail,
  depositReminderMail,
  eventReminderMail,
  requestReminderMail,
} from '../../mail/calendar-templates';
import { queueMail } from '../../mail/mail-jobs';
import type { MailMessage } from '../../mail/mailer';
import { type BookingRowWithRelations, bookingTitleIn, findBooking } from '../bookings';
import { wantsNotice } from '../notification-settings';
import { type SmsNotice, sendSmsNotice } from '../sms';
import { acceptedReminders, reminderKey, requestReminder } from './reminders.schedule';

export const REMINDER_JOB = 'booking-reminder';

interface ReminderPayload {
  bookingId: string;
  kind: ReminderKind;
  /** The event day the reminder was planned for: a booking on another day by now gets none. */
  eventDate: string;
}

/** In the transaction that creates a request: its planner is reminded if it waits 24 hours. */
export async function scheduleRequestReminder(
  jobs: JobQueue,
  tx: Queryable,
  booking: { id: string; eventDate: string | null; createdAt: Date },
) {
  // An enquiry that names no day has no reminders: they are all about a day.
  if (booking.eventDate === null) return;
  const { kind, runAt } = requestReminder(booking.createdAt);
  await addReminder(jobs, tx, { bookingId: booking.id, kind, eventDate: booking.eventDate }, runAt);
}

/** In the transaction that accepts a booking: the event's and the payments' reminders still ahead. */
export async function scheduleAcceptedReminders(
  jobs: JobQueue,
  tx: Queryable,
  booking: { id: string; eventDate: string },
  now = new Date(),
) {
  const planned = acceptedReminders({ eventDate: booking.eventDate, acceptedOn: todayInNairobi(now), now });
  for (const { kind, runAt } of planned) {
    await addReminder(jobs, tx, { bookingId: booking.id, kind, eventDate: booking.eventDate }, runAt);
  }
}

function addReminder(jobs: JobQueue, tx: Queryable, payload: ReminderPayload, runAt: Date) {
  return jobs.add(tx, {
    kind: REMINDER_JOB,
    payload: { ...payload },
    uniqueKey: reminderKey(payload.bookingId, payload.kind, payload.eventDate),
    runAt,
  });
}

interface ReminderMail {
  recipientId: string;
  message: MailMessage;
}

/**
 * The mails a reminder sends given the booking as it is now: none for a booking that was cancelled,
 * rejected, completed or answered since, whose day moved, whose day has come, or whose money is paid.
 */
function reminderMails(
  row: BookingRowWithRelations,
  payload: ReminderPayload,
  context: { today: string; publicUrl: string; paymentsOn: boolean },
): ReminderMail[] {
  const { booking, client, planner } = row;
  const { today, publicUrl, paymentsOn } = context;
  const eventDate = booking.eventDate;
  if (eventDate === null || eventDate !== payload.eventDate || eventDate <= today) return [];
  const title = (lang: Lang) => bookingTitleIn(row, lang);
  // Each mail in its recipient's language, read when the reminder runs.
  const day = (lang: Lang) => formatDay(eventDate, lang);
  const url = `${publicUrl}/dashboard/bookings`;
  const money = bookingMoneyFromCents({
    priceCents: booking.priceCents,
    depositPercent: booking.depositPercent,
    paidCents: row.paidCents,
    eventDate,
    today,
  });
  switch (payload.kind) {
    case 'request-unanswered':
      if (booking.status !== 'pending') return [];
      return [
        {
          recipientId: planner.id,
          message: requestReminderMail({
            to: planner.email,
            lang: planner.locale,
            name: planner.username,
            title: title(planner.locale),
            day: day(planner.locale),
            client: client.username,
            url,
          }),
        },
      ];
    case 'event-7d':
    case 'event-1d': {
      if (booking.status !== 'accepted') return [];
      const daysAhead = daysInRange(today, eventDate) - 1;
      return [
        [client, planner],
        [planner, client],
      ].map(([to, other]) => ({
        recipientId: to!.id,
        message: eventReminderMail({
          to: to!.email,
          lang: to!.locale,
          name: to!.username,
          title: title(to!.locale),
          day: day(to!.locale),
          otherParty: other!.username,
          daysAhead,
          url,
        }),
      }));
    }
    case 'deposit-due': {
      if (booking.status !== 'accepted' || !paymentsOn) return [];
      if (money.paymentStatus !== 'unpaid' || money.depositAmount <= 0) return [];
      const deposit = depositCents(booking.priceCents, booking.depositPercent);
      const amount = formatCents(Math.max(0, deposit - row.paidCents), client.locale);
      return [
        {
          recipientId: client.id,
          message: depositReminderMail({
            to: client.email,
            lang: client.locale,
            name: client.username,
            title: title(client.locale),
            day: day(client.locale),
            amount,
            url,
          }),
        },
      ];
    }
    case 'balance-due': {
      // What is left, read when the job runs: parts of the balance paid meanwhile are counted, and
      // nothing is sent once nothing is left.
      if (booking.status !== 'accepted' || !paymentsOn || money.balanceDue <= 0) return [];
      const partlyPaid = row.paidCents > depositCents(booking.priceCents, booking.depositPercent);
      return [
        {
          recipientId: client.id,
          message: balanceReminderMail({
            to: client.email,
            lang: client.locale,
            name: client.username,
            title: title(client.locale),
            day: day(client.locale),
            amount: formatKsh(money.balanceDue, client.locale),
            dueOn: formatDay(money.balanceDueOn, client.locale),
            ...(partlyPaid ? { partlyPaid } : {}),
            url,
          }),
        },
      ];
    }
  }
}

/**
 * The client's SMS beside a reminder's mails (sent only when its mails are): the day before the
 * event, and the balance coming due, with what is left to pay as it is now.
 */
function reminderSms(
  row: BookingRowWithRelations,
  payload: ReminderPayload,
  context: { today: string; publicUrl: string },
): SmsNotice | undefined {
  const { booking, client, planner } = row;
  const eventDate = booking.eventDate;
  if (eventDate === null) return undefined;
  const link = shortBookingLink(context.publicUrl, booking.id);
  const subjectKey = `${booking.id}:${eventDate}`;
  if (payload.kind === 'event-1d') {
    return {
      userId: client.id,
      kind: 'event-tomorrow',
      subjectKey,
      text: (lang) =>
        messagesIn(lang).smsNotices.eventTomorrow(bookingTitleIn(row, lang), planner.username, link),
    };
  }
  if (payload.kind !== 'balance-due') return undefined;
  const money = bookingMoneyFromCents({
    priceCents: booking.priceCents,
    depositPercent: booking.depositPercent,
    paidCents: row.paidCents,
    eventDate,
    today: context.today,
  });
  return {
    userId: client.id,
    kind: 'balance-due',
    subjectKey,
    text: (lang) =>
      messagesIn(lang).smsNotices.balanceDue(
        formatKsh(money.balanceDue, lang),
        bookingTitleIn(row, lang),
        formatDay(money.balanceDueOn, lang),
        link,
      ),
  };
}

/**
 * The reminder job: reads the booking as it is when the job runs and queues its mails, each under a
 * unique key of its own, so a reminder run twice (a crash between queueing and recording) still
 * queues each mail once; the client's SMS beside them, once too.
 */
export function bookingReminderJob(
  queue: JobQueue,
  deps: { db: Db; publicUrl: string; paymentsOn: boolean },
): JobHandler<ReminderPayload> {
  return {
    run: async (payload) => {
      if (!REMINDER_KINDS.includes(payload.kind)) throw new Error(`unknown reminder ${String(payload.kind)}`);
      const row = await findBooking(deps.db, payload.bookingId);
      if (!row) return;
      const context = { today: todayInNairobi(), publicUrl: deps.publicUrl, paymentsOn: deps.paymentsOn };
      const mails = reminderMails(row, payload, context);
      if (mails.length === 0) return;
      const sms = reminderSms(row, payload, context);
      await deps.db.transaction(async (tx) => {
        for (const { recipientId, message } of mails) {
          // The money reminders are payments' mails; the others, reminders'.
          const topic =
            payload.kind === 'deposit-due' || payload.kind === 'balance-due' ? 'payments' : 'reminders';
          if (!(await wantsNotice(tx, recipientId, 'email', topic))) continue;
          const key = `${reminderKey(payload.bookingId, payload.kind, payload.eventDate)}:${recipientId}`;
          await queueMail(queue, tx, message, { uniqueKey: key });
        }
        // Once per client, kind and booking's day, however often the reminder runs.
        if (sms) await sendSmsNotice(tx, queue, sms);
      });
      queue.wake();
    },
  };
}
