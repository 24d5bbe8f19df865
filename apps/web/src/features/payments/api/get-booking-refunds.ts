import type { Refund, RefundPreview } from '@sherehe/shared/schemas/ledger';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentsKey } from './get-payment';

/** GET /api/bookings/{id}/refunds: a booking's refunds, for its parties. */
export function useBookingRefunds(bookingId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...paymentsKey, 'refunds', bookingId],
    queryFn: ({ signal }) =>
      api.get<{ success: true; refunds: Refund[] }>(
        `/api/bookings/${encodeURIComponent(bookingId)}/refunds`,
        signal,
      ),
    select: (reply) => reply.refunds,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/bookings/{id}/refund-preview: what cancelling now would refund, by the policy. */
export function useRefundPreview(bookingId: string) {
  return useQuery({
    queryKey: [...paymentsKey, 'refund-preview', bookingId],
    queryFn: ({ signal }) =>
      api.get<{ success: true; preview: RefundPreview }>(
        `/api/bookings/${encodeURIComponent(bookingId)}/refund-preview`,
        signal,
      ),
    select: (reply) => reply.preview,
    // Always asked afresh when the dialog opens: the days to the event decide.
    staleTime: 0,
  });
}
