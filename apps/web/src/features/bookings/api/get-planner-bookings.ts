import type { BookingListResponse, ListBookingsQuery } from '@sherehe/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { bookingsKey, toBookingPage } from './get-my-bookings';

/** GET /api/bookings/for-planner: a planner's incoming bookings (an admin: all), newest first. */
export function getPlannerBookings(
  query: ListBookingsQuery,
  signal?: AbortSignal,
): Promise<BookingListResponse> {
  return api.get<BookingListResponse>(apiPaths.bookings.forPlanner({ ...query }), signal);
}

export function plannerBookingsQueryOptions(query: ListBookingsQuery) {
  return queryOptions({
    queryKey: [...bookingsKey, 'for-planner', query],
    queryFn: ({ signal }) => getPlannerBookings(query, signal),
    select: (reply) => toBookingPage(reply, query),
  });
}

export function usePlannerBookings(query: ListBookingsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...plannerBookingsQueryOptions(query), enabled: options.enabled ?? true });
}
