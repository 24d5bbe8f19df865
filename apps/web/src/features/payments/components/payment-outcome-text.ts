import { paymentsMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import { PAYMENT_FAILURE_REASONS } from '@sherehe/shared/payments';
import type { Payment } from '@sherehe/shared/schemas/payments';

/** Why a payment did not go through, in words; a reason the web does not know reads as a provider error. */
export function failureReasonText(reason: string | null): string {
  if (reason === 'expired') return paymentsMessages.expired;
  const known = PAYMENT_FAILURE_REASONS.find((each) => each === reason);
  return paymentsMessages.failureReasons[known ?? 'provider_error'];
}

/**
 * What happened to a settled payment, in words (with the M-Pesa receipt or card reference; an M-Pesa
 * receipt number still to follow is said so, never shown as the request id standing in for it); null
 * while pending.
 */
export function paymentOutcomeText(
  payment: Pick<Payment, 'status' | 'amount' | 'method' | 'receipt' | 'receiptProvisional' | 'failureReason'>,
) {
  switch (payment.status) {
    case 'pending':
      return null;
    case 'succeeded':
      return paymentsMessages.paid({
        amount: formatKsh(payment.amount),
        method: payment.method,
        receipt: payment.receipt,
        receiptToFollow: payment.receiptProvisional,
      });
    case 'expired':
      return paymentsMessages.expired;
    default:
      return failureReasonText(payment.failureReason);
  }
}
