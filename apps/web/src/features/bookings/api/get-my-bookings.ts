import type { BookingStatus } from '@sherehe/shared/booking-status';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Every bookings query starts with this key, so a write can refresh them all at once. */
export const bookingsKey = ['bookings'] as const;

/** Filters of both booking lists (all optional); with page or limit the server pages. */
export interface BookingListQuery {
  status?: BookingStatus;
  /** Only bookings with this other user. */
  with?: string;
  page?: number;
  limit?: number;
}

export interface BookingListResponse {
  success: true;
  bookings: Booking[];
  total?: number;
  page?: number;
  pages?: number;
}

export interface BookingPage {
  bookings: Booking[];
  total: number;
  page: number;
  pages: number;
}

export function toBookingPage(reply: BookingListResponse, query: BookingListQuery): BookingPage {
  return {
    bookings: reply.bookings,
    total: reply.total ?? reply.bookings.length,
    page: reply.page ?? query.page ?? 1,
    pages: reply.pages ?? 1,
  };
}

/** GET /api/bookings/my: the bookings the signed-in user made, newest first. */
export function getMyBookings(query: BookingListQuery, signal?: AbortSignal): Promise<BookingListResponse> {
  return api.get<BookingListResponse>(apiPaths.bookings.my({ ...query }), signal);
}

export function myBookingsQueryOptions(query: BookingListQuery) {
  return queryOptions({
    queryKey: [...bookingsKey, 'my', query],
    queryFn: ({ signal }) => getMyBookings(query, signal),
    select: (reply) => toBookingPage(reply, query),
  });
}

export function useMyBookings(query: BookingListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...myBookingsQueryOptions(query), enabled: options.enabled ?? true });
}
