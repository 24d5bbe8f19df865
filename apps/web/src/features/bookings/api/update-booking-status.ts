import type { BookingResponse, UpdateBookingBody } from '@sherehe/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { bookingsKey } from './get-my-bookings';

/** PATCH /api/bookings/:id: the server allows only the moves of the shared transition table. */
export function updateBookingStatus({
  id,
  status,
}: { id: string } & UpdateBookingBody): Promise<BookingResponse> {
  const body: UpdateBookingBody = { status };
  return api.patch<BookingResponse>(apiPaths.bookings.update(id), body);
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
