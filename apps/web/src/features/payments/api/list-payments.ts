import type { ListPaymentsQuery, PaymentListResponse } from '@sherehe/shared/schemas/payments';
import { usePagedList } from '@/lib/use-paged-list';
import { paymentsKey } from './get-payment';
import { paymentApiPaths } from './payment-paths';

/**
 * GET /api/payments without `booking`: an admin's every payment, a planner's payments on their
 * bookings; newest first, with the totals of the succeeded ones the filters select.
 */
export function usePaymentsList(query: ListPaymentsQuery, options: { enabled?: boolean } = {}) {
  return usePagedList(
    [...paymentsKey, 'list', query],
    paymentApiPaths.list({ ...query }),
    (reply: PaymentListResponse) => ({
      payments: reply.payments,
      total: reply.total,
      pages: Math.max(1, reply.pages),
      summary: reply.summary,
    }),
    options,
  );
}
