import { formatDay } from '@sherehe/shared/dates';
import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { formatCents } from '@sherehe/shared/money';
import type { SmsNoticeKind } from '@sherehe/shared/notifications';
import { shortBookingLink } from '@sherehe/shared/sms-text';
import type { Queryable } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { type BookingRowWithRelations, bookingTitleIn, findBooking } from '../bookings';
import { sendSmsNotice } from '../sms';

/**
 * The SMS notices of bookings, quotes and payments (docs/notifications.md#what-is-sent), queued by
 * the handlers of the domain events (events/handlers.ts) in the transaction of the change, each to
 * its recipient's verified number in their language, once per person, kind and subject
 * (`sendSmsNotice`). The reminders' SMS are the calendar's, the unread chat's the chat's.
 */

type Texts = ReturnType<typeof messagesIn>['smsNotices'];

interface Context {
  jobs: JobQueue;
  publicUrl: string;
}

/** One notice about a booking to one of its parties, its text given the texts, the title and the link. */
function tell(
  tx: Queryable,
  row: BookingRowWithRelations,
  context: Context,
  notice: {
    to: 'client' | 'planner';
    kind: SmsNoticeKind;
    subjectKey: string;
    text: (texts: Texts, title: string, link: string, lang: Lang) => string;
  },
): Promise<string | undefined> {
  const link = shortBookingLink(context.publicUrl, row.booking.id);
  return sendSmsNotice(tx, context.jobs, {
    userId: row[notice.to].id,
    kind: notice.kind,
    subjectKey: notice.subjectKey,
    text: (lang) => notice.text(messagesIn(lang).smsNotices, bookingTitleIn(row, lang), link, lang),
  });
}

/** A new request or enquiry: its planner. */
export async function smsBookingRequested(
  tx: Queryable,
  event: Context & { booking: { id: string }; row?: BookingRowWithRelations | undefined },
): Promise<void> {
  const row = event.row ?? (await findBooking(tx, event.booking.id));
  if (!row) return;
  const enquiry = row.booking.kind === 'enquiry';
  await tell(tx, row, event, {
    to: 'planner',
    kind: 'booking-requested',
    subjectKey: row.booking.id,
    text: (texts, title, link) =>
      enquiry
        ? texts.enquiryReceived(row.client.username, title, link)
        : texts.bookingRequested(row.client.username, title, link),
  });
}

/**
 * A booking accepted or declined by its planner (or an admin): its client. A booking the client
 * accepted themselves (by taking a quote) tells them nothing; other changes send no SMS.
 */
export async function smsBookingAnswered(
  tx: Queryable,
  event: Context & { booking: { id: string; status: string }; actorId: string },
): Promise<void> {
  const { status } = event.booking;
  if (status !== 'accepted' && status !== 'rejected') return;
  const row = await findBooking(tx, event.booking.id);
  if (!row || event.actorId === row.client.id) return;
  await smsBookingAnsweredTo(tx, row, event);
}

/** A request declined because another booking took its day's last place: its client. */
export async function smsBookingDeclinedDayFull(
  tx: Queryable,
  event: Context & { booking: { id: string } },
): Promise<void> {
  const row = await findBooking(tx, event.booking.id);
  if (row) await smsBookingAnsweredTo(tx, row, event);
}

/** The client's SMS of their booking's answer (`row` as it is now: accepted or rejected). */
async function smsBookingAnsweredTo(
  tx: Queryable,
  row: BookingRowWithRelations,
  context: Context,
): Promise<void> {
  const { booking, planner } = row;
  if (booking.status === 'accepted' && booking.eventDate) {
    const day = booking.eventDate;
    await tell(tx, row, context, {
      to: 'client',
      kind: 'booking-accepted',
      subjectKey: booking.id,
      text: (texts, title, link, lang) =>
        texts.bookingAccepted(planner.username, title, formatDay(day, lang), link),
    });
  } else if (booking.status === 'rejected') {
    await tell(tx, row, context, {
      to: 'client',
      kind: 'booking-declined',
      subjectKey: booking.id,
      text: (texts, title, link) => texts.bookingDeclined(planner.username, title, link),
    });
  }
}

/** Which quote of a booking: each offer is another subject, so a second quote is another SMS. */
const quoteSubject = (bookingId: string, quoteCreatedAt: Date) =>
  `${bookingId}:${quoteCreatedAt.toISOString()}`;

type QuoteEvent = Context & { bookingId: string; quoteCreatedAt: Date; priceCents: number };

/** A quote offered (to the client) or accepted (to its planner), with its price. */
async function smsQuote(tx: Queryable, event: QuoteEvent, what: 'offered' | 'accepted'): Promise<void> {
  const row = await findBooking(tx, event.bookingId);
  if (!row) return;
  const offered = what === 'offered';
  await tell(tx, row, event, {
    to: offered ? 'client' : 'planner',
    kind: offered ? 'quote-received' : 'quote-accepted',
    subjectKey: quoteSubject(event.bookingId, event.quoteCreatedAt),
    text: (texts, title, link, lang) => {
      const price = formatCents(event.priceCents, lang);
      return offered
        ? texts.quoteReceived(row.planner.username, title, price, link)
        : texts.quoteAccepted(row.client.username, title, price, link);
    },
  });
}

/** A quote offered: the client. */
export const smsQuoteOffered = (tx: Queryable, event: QuoteEvent) => smsQuote(tx, event, 'offered');

/** A quote accepted by the client: its planner. */
export const smsQuoteAccepted = (tx: Queryable, event: QuoteEvent) => smsQuote(tx, event, 'accepted');

/** A booking payment (deposit, balance, instalment) went through: the client who paid. Not a plan's. */
export async function smsPaymentConfirmed(
  tx: Queryable,
  event: Context & { payment: PaymentRow },
): Promise<void> {
  const { payment } = event;
  if (payment.purpose === 'plan' || !payment.bookingId) return;
  const row = await findBooking(tx, payment.bookingId);
  if (!row) return;
  await tell(tx, row, event, {
    to: 'client',
    kind: 'payment-confirmed',
    subjectKey: payment.id,
    text: (texts, title, link, lang) =>
      texts.paymentConfirmed(formatCents(payment.amountCents, lang), title, link),
  });
}
