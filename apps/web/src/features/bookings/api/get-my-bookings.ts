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

export function toBookingPage(reply: BookingListResponse, query: ListBookingsQuery): BookingPage {
  return {
    bookings: reply.bookings,
    total: reply.total ?? reply.bookings.length,
    page: reply.page ?? query.page ?? 1,
    pages: reply.pages ?? 1,
  };
}

/** GET /api/bookings/my: the bookings the signed-in user made, newest first. */
export function getMyBookings(query: ListBookingsQuery, signal?: AbortSignal): Promise<BookingListResponse> {
  return api.get<BookingListResponse>(apiPaths.bookings.my({ ...query }), signal);
}

export function myBookingsQueryOptions(query: ListBookingsQuery) {
  return queryOptions({
    queryKey: [...bookingsKey, 'my', query],
    queryFn: ({ signal }) => getMyBookings(query, signal),
    select: (reply) => toBookingPage(reply, query),
  });
}

export function useMyBookings(query: ListBookingsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...myBookingsQueryOptions(query), enabled: options.enabled ?? true });
}
