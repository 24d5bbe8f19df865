import { receiptStandsIn } from '@sherehe/shared/payments';
import type { Payment, PaymentListItem } from '@sherehe/shared/schemas/payments';
import type { PaymentListRow, PaymentRow } from './payments.queries';

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
    receiptProvisional: receiptStandsIn(row),
    ...(row.checkoutUrl ? { checkoutUrl: row.checkoutUrl } : {}),
    ...(row.method === 'mpesa' && row.phone ? { phone: row.phone } : {}),
    ...(row.bookingId ? { booking: row.bookingId } : {}),
    ...(row.planId ? { planId: row.planId } : {}),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/**
 * A payment in a list: what it was for (the package's current title, else the one the booking kept;
 * for a plan, the plan's name), who paid and who was paid, and the platform's fee and the planner's
 * net, 0 unless it succeeded. A plan payment has no planner, no package and no fee: it is all the
 * platform's.
 */
export function presentPaymentListItem(row: PaymentListRow): PaymentListItem {
  const { payment } = row;
  const plan = payment.purpose === 'plan';
  const counted = payment.status === 'succeeded' && !plan;
  const cents = (ksh: number) => Math.round(ksh * 100);
  return {
    ...presentPayment(payment),
    packageTitle: plan ? null : row.packageTitle,
    ...(plan ? { planName: row.planName } : {}),
    client: row.payer ? { _id: row.payer.id, username: row.payer.username } : null,
    planner: !plan && row.planner ? { _id: row.planner.id, username: row.planner.username } : null,
    fee: counted ? payment.fee : 0,
    // In cents, so the difference of two decimals carries no float drift.
    net: counted ? (cents(payment.amount) - cents(payment.fee)) / 100 : 0,
  };
}
