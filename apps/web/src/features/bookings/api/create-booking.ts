import type { BookingResponse, CreateBookingBody } from '@sherehe/shared/schemas/bookings';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { bookingWritesApiPaths } from './booking-writes-paths';
import { bookingsKey } from './get-my-bookings';

/** POST /api/bookings/create; `date` is midnight UTC of the chosen day (docs/product-spec.md#validation). */
export function createBooking(body: CreateBookingBody): Promise<BookingResponse> {
  return api.post<BookingResponse>(bookingWritesApiPaths.create, body);
}

export function useCreateBooking() {
  return useRefreshingMutation(createBooking, [bookingsKey]);
}
