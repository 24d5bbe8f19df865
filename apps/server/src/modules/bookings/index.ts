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
