import type { PaymentListResponse } from '@sherehe/shared/schemas/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentsKey } from './get-payment';
import { paymentApiPaths } from './payment-paths';

/** GET /api/payments?booking=: one booking's payments, oldest first (its parties and admins). */
export function getBookingPayments(bookingId: string, signal?: AbortSignal): Promise<PaymentListResponse> {
  return api.get<PaymentListResponse>(paymentApiPaths.list({ booking: bookingId }), signal);
}

export function bookingPaymentsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: [...paymentsKey, 'booking', bookingId],
    queryFn: ({ signal }) => getBookingPayments(bookingId, signal),
    select: (reply) => reply.payments,
  });
}

export function useBookingPayments(bookingId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingPaymentsQueryOptions(bookingId), enabled: options.enabled ?? true });
}
