import type { Payment } from '@sherehe/shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { bookingPaymentsQueryOptions } from '../api/get-booking-payments';
import { paymentQueryOptions, paymentsKey } from '../api/get-payment';

/**
 * Takes in a payment's news (the socket's `paymentUpdated`, or a poll that found it settled): the
 * payment's own query gets it at once (an open pay dialog shows it), the booking's payments are
 * asked again, and `onBookingChanged` refreshes the booking's figures once the payment has settled.
 */
export function usePaymentUpdates(onBookingChanged?: () => void) {
  const queryClient = useQueryClient();
  return useCallback(
    (payment: Payment) => {
      queryClient.setQueryData(paymentQueryOptions(payment._id).queryKey, { success: true, payment });
      void queryClient.invalidateQueries({ queryKey: [...paymentsKey, 'list'] });
      if (payment.booking) {
        void queryClient.invalidateQueries({
          queryKey: bookingPaymentsQueryOptions(payment.booking).queryKey,
        });
      }
      if (payment.status !== 'pending') onBookingChanged?.();
    },
    [queryClient, onBookingChanged],
  );
}
