import type { PaymentResponse } from '@sherehe/shared/schemas/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentApiPaths } from './payment-paths';

/** Every payments query starts with this key, so a payment's news can refresh them all. */
export const paymentsKey = ['payments'] as const;

/** GET /api/payments/:id: one payment, for its booking's parties and admins. */
export function getPayment(id: string, signal?: AbortSignal): Promise<PaymentResponse> {
  return api.get<PaymentResponse>(paymentApiPaths.detail(id), signal);
}

export function paymentQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...paymentsKey, 'one', id],
    queryFn: ({ signal }) => getPayment(id, signal),
  });
}

/**
 * One payment, asked again every `pollMs` while it is pending (the fallback when the socket's
 * `paymentUpdated` does not arrive); no id, no call.
 */
export function usePayment(id: string | null, options: { pollMs?: number | false } = {}) {
  const { pollMs = false } = options;
  return useQuery({
    ...paymentQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.payment.status === 'pending' ? pollMs : false),
  });
}
