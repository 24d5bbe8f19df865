import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { Package } from '@sherehe/shared/schemas/packages';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { myBookingsQueryOptions } from '../api/get-my-bookings';

/**
 * The signed-in user's own bookings of one package, newest first. The list filters by the other
 * party, not by package, so this asks for the bookings with the package's planner and keeps this
 * package's. Planners cannot book, so none is asked for them.
 */
export function useMyPackageBookings(pkg: Pick<Package, '_id' | 'planner'>) {
  const { isLoggedIn, user } = useSession();
  const enabled = isLoggedIn && user !== null && user.role !== 'planner';
  const query = useQuery({
    ...myBookingsQueryOptions({ with: pkg.planner._id, limit: 100 }),
    select: (reply): Booking[] => reply.bookings.filter((booking) => booking.package._id === pkg._id),
    enabled,
  });
  return { bookings: enabled ? (query.data ?? []) : [], isPending: enabled && query.isPending };
}
