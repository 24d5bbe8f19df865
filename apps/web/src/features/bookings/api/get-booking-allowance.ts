import type { BookingAllowanceResponse } from '@sherehe/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookingsKey } from './get-my-bookings';

/**
 * The address lives with the feature rather than in `config/paths.ts`, whose table is part of the
 * home page's entry chunk: only the package page's chunk asks it.
 */
export const bookingAllowancePath = '/api/bookings/allowance';

/** GET /api/bookings/allowance: the requests the client sent this month, and their plan's limit. */
export function getBookingAllowance(signal?: AbortSignal): Promise<BookingAllowanceResponse> {
  return api.get<BookingAllowanceResponse>(bookingAllowancePath, signal);
}

export function bookingAllowanceQueryOptions() {
  return queryOptions({
    // Under the bookings key: a new booking refreshes it with the lists.
    queryKey: [...bookingsKey, 'allowance'],
    queryFn: ({ signal }) => getBookingAllowance(signal),
    select: (reply) => reply.allowance,
  });
}

export function useBookingAllowance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingAllowanceQueryOptions(), enabled: options.enabled ?? true });
}
