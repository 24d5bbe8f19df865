import type { PaymentListResponse } from '@sherehe/shared/schemas/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentsKey } from './get-payment';
import { paymentApiPaths } from './payment-paths';

const NONE: ReadonlySet<string> = new Set();

/** GET /api/payments?status=pending: the signed-in client's payments waiting to be completed. */
export function getWaitingPayments(signal?: AbortSignal): Promise<PaymentListResponse> {
  return api.get<PaymentListResponse>(paymentApiPaths.list({ status: 'pending', limit: 100 }), signal);
}

export function waitingPaymentsQueryOptions() {
  return queryOptions({
    // Under the lists' key: a payment started or settled asks it again with them.
    queryKey: [...paymentsKey, 'list', 'waiting'],
    queryFn: ({ signal }) => getWaitingPayments(signal),
    select: (reply): ReadonlySet<string> =>
      new Set(reply.payments.flatMap((payment) => (payment.booking ? [payment.booking] : []))),
  });
}

/**
 * The bookings whose payment is waiting (a PIN prompt unanswered yet): what is due on them is not
 * told as due meanwhile. Nothing is asked unless `enabled` (clients).
 */
export function useWaitingPaymentBookings(enabled: boolean): ReadonlySet<string> {
  const query = useQuery({ ...waitingPaymentsQueryOptions(), enabled });
  return enabled ? (query.data ?? NONE) : NONE;
}
