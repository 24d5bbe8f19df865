import type { BookingStatus } from '@sherehe/shared/booking-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { BookingResponse } from './create-booking';
import { bookingsKey } from './get-my-bookings';

/** PATCH /api/bookings/:id: the server allows only the moves of the shared transition table. */
export function updateBookingStatus({
  id,
  status,
}: {
  id: string;
  status: BookingStatus;
}): Promise<BookingResponse> {
  return api.patch<BookingResponse>(apiPaths.bookings.update(id), { status });
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
