import { formatDay } from '@sherehe/shared/dates';
import { enquiriesMessages } from '@sherehe/shared/messages';
import type { Booking } from '@sherehe/shared/schemas/bookings';

/** What a booking is called: its package's title, or for an enquiry that named none, "Enquiry to <planner>". */
export function bookingTitle(booking: Pick<Booking, 'package' | 'planner'>): string {
  return booking.package.title || enquiriesMessages.titleTo(booking.planner.username);
}

/** A booking's day as people read it, or "Date to be agreed" for an enquiry that named none. */
export function bookingDay(booking: Pick<Booking, 'eventDate'>): string {
  return booking.eventDate === null ? enquiriesMessages.dateToBeAgreed : formatDay(booking.eventDate);
}
