import type { BookingResponse, CreateEnquiryBody } from '@sherehe/shared/schemas/bookings';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { bookingWritesApiPaths } from './booking-writes-paths';
import { bookingsKey } from './get-my-bookings';

/** POST /api/bookings/enquiries: a question to a planner before booking (its day optional). */
export function createEnquiry(body: CreateEnquiryBody): Promise<BookingResponse> {
  return api.post<BookingResponse>(bookingWritesApiPaths.enquire, body);
}

export function useCreateEnquiry() {
  return useRefreshingMutation(createEnquiry, [bookingsKey]);
}
