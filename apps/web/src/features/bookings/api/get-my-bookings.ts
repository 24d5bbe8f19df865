import type { Booking, BookingListResponse, ListBookingsQuery } from '@sherehe/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Every bookings query starts with this key, so a write can refresh them all at once. */
export const bookingsKey = ['bookings'] as const;

/** One page of bookings as the pages show it (the server's paging fields filled in). */
export interface BookingPage {
  bookings: Booking[];
  total: number;
  page: number;
  pages: number;
}

function toBookingPage(reply: BookingListResponse, query: ListBookingsQuery): BookingPage {
  return {
    bookings: reply.bookings,
    total: reply.total ?? reply.bookings.length,
    page: reply.page ?? query.page ?? 1,
    pages: reply.pages ?? 1,
  };
}

/** A page of bookings from one of the lists (`my`: GET /api/bookings/my, or `for-planner`). */
export function bookingsQueryOptions(list: 'my' | 'for-planner', query: ListBookingsQuery) {
  const path =
    list === 'my' ? apiPaths.bookings.my({ ...query }) : apiPaths.bookings.forPlanner({ ...query });
  return queryOptions({
    queryKey: [...bookingsKey, list, query],
    queryFn: ({ signal }) => api.get<BookingListResponse>(path, signal),
    select: (reply) => toBookingPage(reply, query),
  });
}

/** GET /api/bookings/my: the bookings the signed-in user made, newest first. */
export function myBookingsQueryOptions(query: ListBookingsQuery) {
  return bookingsQueryOptions('my', query);
}

export function useMyBookings(query: ListBookingsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...myBookingsQueryOptions(query), enabled: options.enabled ?? true });
}
