import {
  type Payment,
  type PaymentResponse,
  paymentSchema,
  type StartAnyPaymentBody,
} from '@sherehe/shared/schemas/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { bookingPaymentsQueryOptions } from './get-booking-payments';
import { paymentsKey } from './get-payment';
import { paymentApiPaths } from './payment-paths';

/**
 * POST /api/payments: starts paying a booking's deposit or balance (its client). M-Pesa sends the
 * PIN prompt; a card payment answers with its checkoutUrl. A payment already pending for the same
 * thing is a 409 whose body carries it.
 */
export function startPayment(body: StartAnyPaymentBody): Promise<PaymentResponse> {
  return api.post<PaymentResponse>(paymentApiPaths.start, body);
}

export function useStartPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPayment,
    // The dialog puts the payment itself in the cache (it may already have news of it); the lists
    // (the booking's, and the waiting ones Upcoming reads) are asked again.
    onSuccess: (_reply, body) => {
      void queryClient.invalidateQueries({ queryKey: [...paymentsKey, 'list'] });
      if ('bookingId' in body)
        void queryClient.invalidateQueries({
          queryKey: bookingPaymentsQueryOptions(body.bookingId).queryKey,
        });
    },
  });
}

/** The payment a 409 says is already pending for the same thing, when the refusal carries one. */
export function pendingPaymentOf(error: unknown): Payment | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const body = error.body as { payment?: unknown } | undefined;
  const parsed = paymentSchema.safeParse(body?.payment);
  return parsed.success ? parsed.data : undefined;
}
