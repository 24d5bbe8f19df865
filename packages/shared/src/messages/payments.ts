// User-facing texts of one domain.

import type { PaymentFailureReason } from '../payments';

export const paymentsMessages = {
  phoneRequired: 'Enter the M-Pesa phone number to pay with.',
  phoneInvalid:
    'Enter a Kenyan mobile number, like 0712 345 678 or +254 712 345 678 (it must start with 07, 01, +254 or 254).',
  notFound: 'Payment not found.',
  bookingNotFound: 'Booking not found.',
  onlyClient: 'Only the client of this booking can pay for it.',
  notAccepted: 'A booking is paid for once the planner has accepted it.',
  depositPaid: 'The deposit of this booking is already paid.',
  depositFirst: 'Pay the deposit of this booking first.',
  nothingDue: 'Nothing is left to pay for this booking.',
  alreadyPending: 'A payment for this is already waiting to be completed.',
  notPending: 'This payment is no longer waiting: it has already been settled.',
  dateRangeReversed: 'The start date must be on or before the end date.',
  methodUnavailable: 'This way of paying is not available right now.',
  expired: 'The payment was not completed in time.',
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
