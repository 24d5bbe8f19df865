/**
 * The payment vocabulary server and web share: how a payment is made, and why one did not go through
 * (docs/architecture.md#payments). The texts people read for each reason are in `messages/payments`.
 */

export const PAYMENT_METHODS = ['mpesa', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Why a payment did not go through, as the providers report it: M-Pesa's result codes 1032
 * (cancelled on the phone), 2001 (wrong PIN), 1 (not enough funds), 1037 (the phone could not be
 * reached); a card the bank declined, a checkout left without paying; anything else.
 */
export const PAYMENT_FAILURE_REASONS = [
  'cancelled_by_user',
  'wrong_pin',
  'insufficient_funds',
  'phone_unreachable',
  'declined',
  'abandoned',
  'provider_error',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];
