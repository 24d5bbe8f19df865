import type { Payment, PaymentListItem } from '@sherehe/shared/schemas/payments';
import { BOOKING_ID, CLIENT_ID, PLANNER_ID } from './booking-fixtures';
import { jsonResponse } from './fetch-mock';

export const PAYMENT_ID = '0a0a0a0a-0000-4000-8000-0000000000cc';

/** A payment of the fixtures' booking in the contract's shape: by default its M-Pesa deposit, pending. */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: PAYMENT_ID,
    purpose: 'deposit',
    method: 'mpesa',
    amount: 135000,
    currency: 'KES',
    status: 'pending',
    failureReason: null,
    receipt: null,
    receiptProvisional: false,
    booking: BOOKING_ID,
    createdAt: '2026-03-02T09:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

function listItem(payment: Payment): PaymentListItem {
  const fee = payment.status === 'succeeded' ? payment.amount / 10 : 0;
  return {
    ...payment,
    packageTitle: 'Garden Wedding',
    client: { _id: CLIENT_ID, username: 'Grace Wanjiku' },
    planner: { _id: PLANNER_ID, username: 'Wanjiru Events' },
    fee,
    net: payment.status === 'succeeded' ? payment.amount - fee : 0,
  };
}

/** GET /api/payments?booking= answering these payments. */
export function paymentListReply(payments: Payment[]): Response {
  const succeeded = payments.filter((payment) => payment.status === 'succeeded').map(listItem);
  return jsonResponse({
    success: true,
    payments: payments.map(listItem),
    total: payments.length,
    page: 1,
    pages: 1,
    summary: {
      received: succeeded.reduce((sum, payment) => sum + payment.amount, 0),
      fees: succeeded.reduce((sum, payment) => sum + payment.fee, 0),
      net: succeeded.reduce((sum, payment) => sum + payment.net, 0),
      count: succeeded.length,
    },
  });
}
