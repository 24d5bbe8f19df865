import type { Booking } from '@sherehe/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { bookingsKey } from './get-my-bookings';

/** What POST /api/bookings/create takes; `date` is midnight UTC of the chosen day (spec §5). */
export interface CreateBookingInput {
  package: string;
  planner: string;
  date: string;
  message: string;
}

export interface BookingResponse {
  success: true;
  message: string;
  booking: Booking;
}

export function createBooking(input: CreateBookingInput): Promise<BookingResponse> {
  return api.post<BookingResponse>(apiPaths.bookings.create, input);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
