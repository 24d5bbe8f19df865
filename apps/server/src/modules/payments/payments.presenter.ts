import type { Payment } from '@sherehe/shared/schemas/payments';
import type { PaymentRow } from './payments.queries';

export function presentPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    purpose: row.purpose,
    method: row.method,
    amount: row.amount,
    currency: 'KES',
    status: row.status,
    failureReason: row.failureReason,
    receipt: row.receipt,
    ...(row.checkoutUrl ? { checkoutUrl: row.checkoutUrl } : {}),
    ...(row.bookingId ? { booking: row.bookingId } : {}),
    ...(row.planId ? { planId: row.planId } : {}),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
