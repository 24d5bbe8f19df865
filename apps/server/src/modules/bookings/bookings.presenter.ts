import { dayToIsoMidnight, todayInNairobi } from '@sherehe/shared/dates';
import { fromCents } from '@sherehe/shared/money';
import { bookingMoneyFromCents } from '@sherehe/shared/payments';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { Storage } from '../../storage/storage';
import type { BookingRowWithRelations } from './bookings.queries';

export function presentBooking(row: BookingRowWithRelations, storage: Storage): Booking {
  const { booking } = row;
  const urls = row.package?.image ? storage.imageUrls(row.package.image) : null;
  return {
    _id: booking.id,
    package: row.package
      ? {
          _id: row.package.id,
          title: row.package.title,
          image: urls?.full ?? null,
          imageThumb: urls?.thumb ?? null,
          location: row.package.location,
          deleted: false,
        }
      : {
          _id: null,
          title: booking.packageTitle,
          image: null,
          imageThumb: null,
          location: '',
          deleted: true,
        },
    client: { _id: row.client.id, username: row.client.username },
    planner: { _id: row.planner.id, username: row.planner.username },
    date: dayToIsoMidnight(booking.eventDate),
    eventDate: booking.eventDate,
    message: booking.message,
    status: booking.status,
    cancellationPolicy: booking.cancellationPolicy,
    price: fromCents(booking.priceCents),
    // Derived on every read, never stored: the payments are the one record of what was paid.
    ...bookingMoneyFromCents({
      priceCents: booking.priceCents,
      depositPercent: booking.depositPercent,
      paidCents: row.paidCents,
      refundedCents: row.refundedCents,
      eventDate: booking.eventDate,
      today: todayInNairobi(),
    }),
    quote: presentQuote(booking),
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}

/** The planner's latest offer on the booking, or null when none was made. */
function presentQuote(booking: BookingRowWithRelations['booking']): Booking['quote'] {
  const { quoteStatus, quotePriceCents, quoteDepositPercent, quoteExpiresAt } = booking;
  if (!quoteStatus || quotePriceCents === null || quoteDepositPercent === null || !quoteExpiresAt)
    return null;
  return {
    price: fromCents(quotePriceCents),
    depositPercent: quoteDepositPercent,
    message: booking.quoteMessage ?? '',
    eventDate: booking.quoteEventDate ?? booking.eventDate,
    expiresAt: quoteExpiresAt.toISOString(),
    status: quoteStatus,
  };
}
