import { fromCents } from '@sherehe/shared/money';
import { receiptStandsIn } from '@sherehe/shared/payments';
import type { Payment, PaymentListItem } from '@sherehe/shared/schemas/payments';
import type { PaymentListRow, PaymentRow, summarisePayments } from './payments.queries';

export function presentPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    purpose: row.purpose,
    method: row.method,
    amount: fromCents(row.amountCents),
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
  return {
    ...presentPayment(payment),
    packageTitle: plan ? null : row.packageTitle,
    ...(plan ? { planName: row.planName } : {}),
    client: row.payer ? { _id: row.payer.id, username: row.payer.username } : null,
    planner: !plan && row.planner ? { _id: row.planner.id, username: row.planner.username } : null,
    fee: counted ? fromCents(payment.feeCents) : 0,
    net: counted ? fromCents(payment.amountCents - payment.feeCents) : 0,
    ...(row.leftToPayCents === null ? {} : { leftToPay: fromCents(row.leftToPayCents) }),
  };
}

/** The money figures of a payments list (`summarisePayments`, in cents) in the API's shillings. */
export function presentPaymentSums(
  sums: Omit<Awaited<ReturnType<typeof summarisePayments>>, 'total'>,
): typeof sums {
  return {
    count: sums.count,
    received: fromCents(sums.received),
    bookings: fromCents(sums.bookings),
    plans: fromCents(sums.plans),
    refunded: fromCents(sums.refunded),
    fees: fromCents(sums.fees),
    net: fromCents(sums.net),
    platformRevenue: fromCents(sums.platformRevenue),
  };
}
