import type { PaymentResponse } from '@sherehe/shared/schemas/payments';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { paymentsKey } from './get-payment';
import { paymentApiPaths } from './payment-paths';

/**
 * POST /api/payments/:id/check (admins): asks the provider now about a pending payment; answers it
 * settled or still pending. 409 when it is not pending any more.
 */
export function checkPayment(id: string): Promise<PaymentResponse> {
  return api.post<PaymentResponse>(paymentApiPaths.check(id));
}

export function useCheckPayment() {
  // The row, its fee and net and the totals come back from the server. After an error too: a 409
  // means the payment settled meanwhile, so the list on screen is stale. Awaited, so the button
  // stays busy until the list shows the answer.
  return useRefreshingMutation(checkPayment, [paymentsKey], { settled: true });
}
