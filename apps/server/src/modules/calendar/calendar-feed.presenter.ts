import type { BookingStatus } from '@sherehe/shared/booking-status';
import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import type { IcsEvent, IcsEventStatus } from '../../lib/icalendar';
import { type BookingRowWithRelations, bookingTitleIn } from '../bookings';

/**
 * A booking's status as a calendar event's. A rejected request is kept as CANCELLED rather than
 * left out, so a calendar that imported it while it was pending (one booking's .ics) learns it is off.
 */
const EVENT_STATUS: Record<BookingStatus, IcsEventStatus> = {
  pending: 'TENTATIVE',
  accepted: 'CONFIRMED',
  completed: 'CONFIRMED',
  cancelled: 'CANCELLED',
  rejected: 'CANCELLED',
};

/**
 * SEQUENCE from the status: every move the transition table allows (pending → accepted → completed
 * or cancelled; pending → rejected or cancelled) raises it, and a booking's day never changes, so
 * the same booking in the same state always has the same SEQUENCE and a change always a higher one.
 */
const EVENT_SEQUENCE: Record<BookingStatus, number> = {
  pending: 0,
  accepted: 1,
  completed: 2,
  cancelled: 2,
  rejected: 2,
};

/**
 * One booking as an all-day event, seen by one of its parties (the summary names the other), its
 * texts in `lang` (docs/languages.md#languages); the day stays a bare date whatever the language.
 */
export function presentCalendarEvent(
  row: BookingRowWithRelations,
  options: { viewerId: string; host: string; publicUrl: string; lang: Lang },
): IcsEvent {
  const { booking } = row;
  const texts = messagesIn(options.lang);
  const other = options.viewerId === row.client.id ? row.planner : row.client;
  const title = bookingTitleIn(row, options.lang);
  const location = row.package?.location;
  // The feed lists only dated bookings, and a lone event is refused for an undated enquiry.
  if (booking.eventDate === null) throw new Error('an undated enquiry has no calendar event');
  return {
    uid: `${booking.id}@${options.host}`,
    stamp: booking.updatedAt,
    day: booking.eventDate,
    summary: texts.calendar.eventSummary(title, other.username),
    description: texts.calendar.eventDescription(
      texts.bookings.statusLabels[booking.status],
      `${options.publicUrl}/dashboard/bookings`,
    ),
    ...(location && { location }),
    url: `${options.publicUrl}/dashboard/bookings`,
    status: EVENT_STATUS[booking.status],
    sequence: EVENT_SEQUENCE[booking.status],
  };
}
