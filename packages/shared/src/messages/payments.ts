// User-facing texts of one domain.

import type { PaymentFailureReason } from '../payments';

export const paymentsMessages = {
  phoneRequired: 'Enter the M-Pesa phone number to pay with.',
  phoneInvalid:
    'Enter a Kenyan mobile number, like 0712 345 678 or +254 712 345 678 (it must start with 07, 01, +254 or 254).',
  /** Why a payment did not go through, in words (PAYMENT_FAILURE_REASONS). */
  failureReasons: {
    cancelled_by_user: 'The payment was cancelled on the phone.',
    wrong_pin: 'The M-Pesa PIN entered was wrong, so nothing was paid.',
    insufficient_funds: 'There was not enough money in the M-Pesa account.',
    phone_unreachable: 'The phone could not be reached. Check that it is on and has signal, then try again.',
    declined: 'The card payment was declined.',
    abandoned: 'The card payment was not completed.',
    provider_error: 'The payment could not be completed. Please try again.',
  } satisfies Record<PaymentFailureReason, string>,
} as const;
