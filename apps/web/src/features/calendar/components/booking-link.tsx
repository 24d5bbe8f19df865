import type { BookingStatus } from '@sherehe/shared/booking-status';
import { bookingsMessages } from '@sherehe/shared/messages';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import type { DatedBooking } from '@sherehe/shared/schemas/bookings';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { bookingTitle } from '@/lib/booking-labels';
import { BOOKING_STATUS_TONES } from '@/lib/booking-status-tones';
import { cx } from '@/lib/class-names';
import { formatLongDay } from './month';

/** The bookings page, showing that day's bookings with this one in focus. */
function bookingHref(booking: DatedBooking) {
  return paths.dashboard.bookings.getHref({ day: booking.eventDate, booking: booking._id });
}

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={BOOKING_STATUS_TONES[status]}>{bookingsMessages.statusLabels[status]}</Badge>;
}

export function BookingLink({ booking, compact }: { booking: DatedBooking; compact?: boolean }) {
  const status = bookingsMessages.statusLabels[booking.status];
  return (
    <Link
      to={bookingHref(booking)}
      aria-label={m.openBooking(bookingTitle(booking), status, formatLongDay(booking.eventDate))}
      className={cx(
        'flex min-h-11 flex-wrap items-center gap-1 rounded-lg px-1 text-left text-sm hover:bg-stone-100',
        compact ? 'leading-tight' : 'text-base',
      )}
    >
      <StatusBadge status={booking.status} />
      <span className="min-w-0 break-words font-medium text-stone-900">{bookingTitle(booking)}</span>
    </Link>
  );
}
