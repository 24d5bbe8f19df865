import type { BookingResponse, UpdateBookingBody } from '@sherehe/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
