import type { ListBookingsQuery } from '@sherehe/shared/schemas/bookings';
import { useQuery } from '@tanstack/react-query';
import { bookingsQueryOptions } from './get-my-bookings';

/** GET /api/bookings/for-planner: a planner's incoming bookings (an admin: all), newest first. */
export function usePlannerBookings(query: ListBookingsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingsQueryOptions('for-planner', query), enabled: options.enabled ?? true });
}
