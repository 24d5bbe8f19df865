import { mayOfferPackages } from './roles';

/**
 * The booking state machine (docs/bookings-and-calendar.md, Booking status changes), one table used twice: the server enforces it and the
 * web app derives which buttons to show from it (docs/architecture.md, Conventions).
 */
export const BOOKING_STATUSES = ['pending', 'accepted', 'rejected', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** How a user stands to a booking: its client, its package's planner, or an admin. */
export type BookingParty = 'client' | 'planner' | 'admin';

export const BOOKING_TRANSITIONS: Readonly<
  Record<BookingStatus, Readonly<Partial<Record<BookingStatus, readonly BookingParty[]>>>>
> = {
  pending: { accepted: ['planner', 'admin'], rejected: ['planner', 'admin'], cancelled: ['client'] },
  accepted: { completed: ['planner', 'admin'], cancelled: ['planner', 'admin', 'client'] },
  rejected: {},
  completed: {},
  cancelled: {},
};

/** Open bookings: a client may hold one per package. */
export const OPEN_BOOKING_STATUSES: readonly BookingStatus[] = ['pending', 'accepted'];

/** Bookings whose client may review the package (docs/bookings-and-calendar.md, Reviews). */
export const REVIEWABLE_BOOKING_STATUSES: readonly BookingStatus[] = ['accepted', 'completed'];

export function canTransition(
  from: BookingStatus,
  to: BookingStatus,
  parties: readonly BookingParty[],
): boolean {
  const allowed = BOOKING_TRANSITIONS[from][to];
  return allowed !== undefined && parties.some((party) => allowed.includes(party));
}

/**
 * Whether a booking may be marked completed on `today` (YYYY-MM-DD in Nairobi): only from its event
 * day on, since completing it ends the client's right to cancel and be refunded. `eventDate` is the
 * day itself or midnight UTC of it, as bookings carry it.
 */
export function mayCompleteOn(eventDate: string, today: string): boolean {
  return eventDate.slice(0, 10) <= today;
}

/**
 * The statuses the given parties may move a booking to, in the table's order. With `when` (the
 * booking's event date and today in Nairobi), completion is left out before the event day.
 */
export function nextStatuses(
  from: BookingStatus,
  parties: readonly BookingParty[],
  when?: { eventDate: string; today: string },
): BookingStatus[] {
  return (Object.keys(BOOKING_TRANSITIONS[from]) as BookingStatus[]).filter(
    (to) =>
      canTransition(from, to, parties) &&
      (to !== 'completed' || !when || mayCompleteOn(when.eventDate, when.today)),
  );
}

/**
 * The parties a user is to a booking (an admin who booked is both client and admin). The package's
 * planner is its planner party only while their role may offer packages: a planner demoted to
 * client no longer runs the bookings of their old packages.
 */
export function bookingParties(
  user: { id: string; role: string },
  booking: { clientId: string; plannerId: string },
): BookingParty[] {
  const parties: BookingParty[] = [];
  if (user.id === booking.clientId) parties.push('client');
  if (user.id === booking.plannerId && mayOfferPackages(user.role)) parties.push('planner');
  if (user.role === 'admin') parties.push('admin');
  return parties;
}

/** Moves that undo or end something, which the web app confirms first. */
export const DESTRUCTIVE_STATUSES: readonly BookingStatus[] = ['rejected', 'cancelled'];

/**
 * Who may review a package (docs/bookings-and-calendar.md, Reviews): its client with an accepted or completed booking of
 * it, who has not reviewed it yet. Used by the server to refuse and by the web app to show the form.
 */
export function mayReview(bookingStatusesOfPackage: readonly BookingStatus[], hasReviewed: boolean): boolean {
  return (
    !hasReviewed && bookingStatusesOfPackage.some((status) => REVIEWABLE_BOOKING_STATUSES.includes(status))
  );
}
