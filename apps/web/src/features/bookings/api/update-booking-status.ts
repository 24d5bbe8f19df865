import type { BookingResponse, UpdateBookingBody } from '@sherehe/shared/schemas/bookings';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { bookingWritesApiPaths } from './booking-writes-paths';
import { bookingsKey } from './get-my-bookings';

/** PATCH /api/bookings/:id: the server allows only the moves of the shared transition table. */
export function updateBookingStatus({
  id,
  status,
}: { id: string } & UpdateBookingBody): Promise<BookingResponse> {
  const body: UpdateBookingBody = { status };
  return api.patch<BookingResponse>(bookingWritesApiPaths.update(id), body);
}

export function useUpdateBookingStatus() {
  return useRefreshingMutation(updateBookingStatus, [bookingsKey]);
}
