/** The bookings module's front door: what other modules may use of it (docs/modules.md). */

export { bookingTitleIn } from './bookings.presenter';
export type { BookingRowWithRelations } from './bookings.queries';
export {
  findBooking,
  lockBooking,
  readBooking,
  selectBookingsWithRelations,
  setBookingStatus,
} from './bookings.queries';
export { claimBookingAllowance, recordAcceptance } from './bookings.service';
export { quoteNotifier } from './quote-notify';
export { QUOTE_EXPIRY_JOB, quoteExpiryJob } from './quotes.service';
