import type { ListPaymentsQuery, PaymentListResponse } from '@sherehe/shared/schemas/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentApiPaths } from './payment-paths';

/** Every payment query starts with this key, so a status check refreshes them all. */
export const paymentsKey = ['payments'] as const;

/**
 * GET /api/payments without `booking`: an admin's every payment, a planner's payments on their
 * bookings; newest first, with the totals of the succeeded ones the filters select.
 */
export function listPayments(query: ListPaymentsQuery, signal?: AbortSignal): Promise<PaymentListResponse> {
  return api.get<PaymentListResponse>(paymentApiPaths.list({ ...query }), signal);
}

export function paymentsListQueryOptions(query: ListPaymentsQuery) {
  return queryOptions({
    queryKey: [...paymentsKey, 'list', query],
    queryFn: ({ signal }) => listPayments(query, signal),
    select: (reply) => ({
      payments: reply.payments,
      total: reply.total,
      pages: Math.max(1, reply.pages),
      summary: reply.summary,
    }),
  });
}

/** The page on screen stays while the next one (or other filters) loads. */
export function usePaymentsList(query: ListPaymentsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentsListQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
