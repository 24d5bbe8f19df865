import { dayToIsoMidnight, todayInNairobi } from '@sherehe/shared/dates';
import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { fromCents } from '@sherehe/shared/money';
import { bookingMoneyFromCents } from '@sherehe/shared/payments';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { Storage } from '../../storage/storage';
import type { BookingRowWithRelations } from './bookings.queries';

/** A booking as the API shows it; `today` (Africa/Nairobi) is worked out once for a whole list. */
export function presentBooking(
  row: BookingRowWithRelations,
  storage: Storage,
  today: string = todayInNairobi(),
): Booking {
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
          // No package: deleted since (its title as booked), or an enquiry that named none (no title;
          // shown as "Enquiry to <planner>").
          _id: null,
          title: booking.packageTitle,
          image: null,
          imageThumb: null,
          location: '',
          deleted: booking.packageTitle !== '',
        },
    client: { _id: row.client.id, username: row.client.username },
    planner: { _id: row.planner.id, username: row.planner.username },
    kind: booking.kind,
    date: booking.eventDate === null ? null : dayToIsoMidnight(booking.eventDate),
    eventDate: booking.eventDate,
    guests: booking.guests,
    budget: booking.budgetCents === null ? null : fromCents(booking.budgetCents),
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
      // An enquiry with no day yet takes no payments: its balance is "due" today, never asked for.
      eventDate: booking.eventDate ?? today,
      today,
    }),
    quote: presentQuote(booking),
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}

/**
 * What a booking is called in `lang`: its package's title (as booked, when the package is gone), or
 * for an enquiry that named no package, "Enquiry to <planner>".
 */
export function bookingTitleIn(
  row: {
    package: { title: string } | null;
    booking: { packageTitle: string };
    planner: { username: string };
  },
  lang: Lang,
): string {
  return (
    row.package?.title ??
    (row.booking.packageTitle || messagesIn(lang).enquiries.titleTo(row.planner.username))
  );
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
