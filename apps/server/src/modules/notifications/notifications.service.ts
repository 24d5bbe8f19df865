import type { BookingStatus } from '@sherehe/shared/booking-status';
import { formatDay } from '@sherehe/shared/dates';
import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { formatCents } from '@sherehe/shared/money';
import type { BookingKind } from '@sherehe/shared/quotes';
import type { Queryable } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { queueMail } from '../../mail/mail-jobs';
import { bookingRequestedMail, bookingStatusMail, enquiryReceivedMail } from '../../mail/templates';
import { bookingTitleIn, findBooking } from '../bookings';
import { wantsNotice } from '../notification-settings';

/**
 * The notices people get when something happens to a booking, queued in the transaction of the
 * change (so a notice exists exactly when its change does) by the handlers of the bookings module's
 * events (events/handlers.ts). Mail today; each notice in its recipient's language, unless they
 * switched booking mails off (docs/notifications.md#settings).
 */

/** A day as `lang` reads it, or null for an enquiry that named none (the mail says "a date to be agreed"). */
function dayIn(day: string | null, lang: Lang): string | null {
  return day === null ? null : formatDay(day, lang);
}

/** A new request, or an enquiry: the planner's mail, with the client's message. */
export async function noticeBookingRequested(
  tx: Queryable,
  event: {
    booking: {
      id: string;
      eventDate: string | null;
      kind: BookingKind;
      guests: number | null;
      budgetCents: number | null;
    };
    packageTitle: string;
    message: string;
    planner: { id: string; email: string; locale: Lang; username: string };
    client: { username: string };
    jobs: JobQueue;
    publicUrl: string;
  },
): Promise<void> {
  const { planner, booking } = event;
  if (!(await wantsNotice(tx, planner.id, 'email', 'bookings'))) return;
  const url = `${event.publicUrl}/dashboard/bookings`;
  if (booking.kind === 'enquiry') {
    await queueMail(
      event.jobs,
      tx,
      enquiryReceivedMail({
        to: planner.email,
        lang: planner.locale,
        plannerName: planner.username,
        clientName: event.client.username,
        title: event.packageTitle || messagesIn(planner.locale).enquiries.titleTo(planner.username),
        eventDate: dayIn(booking.eventDate, planner.locale),
        guests: booking.guests,
        budget: booking.budgetCents === null ? null : formatCents(booking.budgetCents, planner.locale),
        message: event.message,
        url,
      }),
    );
    return;
  }
  if (booking.eventDate === null) throw new Error('a booking request without a day');
  await queueMail(
    event.jobs,
    tx,
    bookingRequestedMail({
      to: planner.email,
      lang: planner.locale,
      plannerName: planner.username,
      clientName: event.client.username,
      packageTitle: event.packageTitle,
      eventDate: formatDay(booking.eventDate, planner.locale),
      message: event.message,
      url,
    }),
  );
}

/** A booking changed status: the client hears of every change; a change the client made is the planner's news. */
export async function noticeBookingStatus(
  tx: Queryable,
  event: {
    booking: { id: string };
    status: BookingStatus;
    actorId: string;
    jobs: JobQueue;
    publicUrl: string;
  },
): Promise<void> {
  const row = await findBooking(tx, event.booking.id);
  if (!row) return;
  const clientActed = event.actorId === row.client.id;
  const recipient = clientActed ? row.planner : row.client;
  if (!(await wantsNotice(tx, recipient.id, 'email', 'bookings'))) return;
  await queueMail(
    event.jobs,
    tx,
    bookingStatusMail({
      to: recipient.email,
      lang: recipient.locale,
      name: recipient.username,
      packageTitle: bookingTitleIn(row, recipient.locale),
      eventDate: dayIn(row.booking.eventDate, recipient.locale),
      status: event.status,
      byClient: clientActed ? row.client.username : undefined,
      url: `${event.publicUrl}/dashboard/bookings`,
    }),
  );
}
