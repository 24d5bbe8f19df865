import { formatDate, formatTime } from '@sherehe/shared/dates';
import { controlsMessages, paymentsMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { PaymentListItem } from '@sherehe/shared/schemas/payments';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useBookingPayments } from '../api/get-booking-payments';
import { failureReasonText } from './payment-outcome-text';
import { PaymentsStatusBadge } from './payments-status-badge';
import { ReceiptLink } from './receipt-link';

function PaymentRow({ payment }: { payment: PaymentListItem }) {
  const purpose = paymentsMessages.purposes[payment.purpose];
  const amount = formatKsh(payment.amount);
  const unsuccessful = payment.status !== 'pending' && payment.status !== 'succeeded';
  return (
    <li className="rounded-xl border border-stone-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-stone-900">
          {purpose} · {paymentsMessages.methods[payment.method]}
        </p>
        <p className="font-semibold text-stone-900">{amount}</p>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
        <span>
          {formatDate(payment.createdAt)}, {formatTime(payment.createdAt)}
        </span>
        <PaymentsStatusBadge status={payment.status} />
        {payment.receiptProvisional ? (
          <span>{paymentsMessages.receiptNumberToFollow}</span>
        ) : payment.receipt ? (
          <span>{paymentsMessages.receiptNumber(payment.receipt)}</span>
        ) : null}
        {payment.status === 'succeeded' ? (
          <ReceiptLink
            paymentId={payment._id}
            label={paymentsMessages.receiptLink}
            context={paymentsMessages.receiptLinkContext(purpose, amount)}
          />
        ) : null}
      </div>
      {unsuccessful ? (
        <p className="mt-1 text-sm text-stone-700">{failureReasonText(payment.failureReason)}</p>
      ) : null}
    </li>
  );
}

/** A booking's payments, oldest first: when, what for, how, how much, how it went, and the receipt. */
export function PaymentHistory({ bookingId }: { bookingId: string }) {
  const list = useBookingPayments(bookingId);
  let body: ReactNode;
  if (list.isPending) body = <p className="text-sm text-stone-600">{paymentsMessages.loadingPayments}</p>;
  else if (list.isError)
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p className="text-red-800">{paymentsMessages.paymentsLoadFailed}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {controlsMessages.tryAgain}
        </Button>
      </div>
    );
  else if (list.data.length === 0)
    body = <p className="text-sm text-stone-600">{paymentsMessages.noPayments}</p>;
  else
    body = (
      <ul className="space-y-2">
        {list.data.map((payment) => (
          <PaymentRow key={payment._id} payment={payment} />
        ))}
      </ul>
    );
  return (
    <div className="mt-4">
      <h4 className="mb-2 text-sm font-semibold text-stone-800">{paymentsMessages.historyTitle}</h4>
      {body}
    </div>
  );
}
