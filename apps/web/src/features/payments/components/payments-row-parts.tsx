import { formatDate, formatTime } from '@sherehe/shared/dates';
import { paymentPagesMessages, paymentsMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { PaymentListItem } from '@sherehe/shared/schemas/payments';
import { ReceiptLink } from './receipt-link';

// The pieces a payment's table row and its phone card both show, so the two always agree.

const m = paymentPagesMessages;

/** When the payment was started, in Africa/Nairobi. */
export function PaymentWhen({ payment }: { payment: PaymentListItem }) {
  return (
    // The day never breaks; the time goes to a line of its own where the column is narrow.
    <time dateTime={payment.createdAt}>
      <span className="whitespace-nowrap">{formatDate(payment.createdAt)},</span>{' '}
      <span className="whitespace-nowrap">{formatTime(payment.createdAt)}</span>
    </time>
  );
}

export function partyName(party: PaymentListItem['client']): string {
  return party?.username ?? m.deletedUser;
}

/** What a payment paid for: the booking's package, or for a plan payment the plan. */
export function packageTitleOf(payment: PaymentListItem): string {
  if (isPlanPayment(payment)) return m.planTitle(payment.planName ?? null);
  return payment.packageTitle ?? m.deletedPackage;
}

/** A plan payment: no planner, no package and no fee; it is all the platform's. */
export function isPlanPayment(payment: PaymentListItem): boolean {
  return payment.purpose === 'plan';
}

/** 'Deposit by M-Pesa'. */
export function purposeAndMethod(payment: PaymentListItem): string {
  return m.purposeBy(paymentsMessages.purposes[payment.purpose], paymentsMessages.methods[payment.method]);
}

/** A part of the balance: what is left to pay of its booking now ('Left to pay: Ksh 3,500'). */
export function LeftToPay({ payment, className }: { payment: PaymentListItem; className: string }) {
  if (payment.purpose !== 'instalment' || payment.leftToPay === undefined) return null;
  return <span className={className}>{paymentsMessages.leftToPay(formatKsh(payment.leftToPay))}</span>;
}

/** A fee or net: only a booking's payment that went through has one (a plan payment has neither). */
export function ShareOf({ payment, amount }: { payment: PaymentListItem; amount: number }) {
  if (payment.status !== 'succeeded' || isPlanPayment(payment)) {
    return (
      <>
        <span aria-hidden="true">{m.none}</span>
        <span className="sr-only">{m.noneSpoken}</span>
      </>
    );
  }
  return <>{formatKsh(amount)}</>;
}

/**
 * The M-Pesa receipt or card reference and, once paid, the printable receipt (a server page, not an
 * app route). An M-Pesa receipt number still to follow is said so: the request id standing in for it
 * is no receipt.
 */
export function PaymentReceipt({ payment }: { payment: PaymentListItem }) {
  if (payment.status !== 'succeeded') return <ShareOf payment={payment} amount={0} />;
  const receipt = payment.receiptProvisional ? null : payment.receipt;
  return (
    <span className="flex flex-col items-start gap-1">
      {payment.receiptProvisional ? <span>{m.receiptToFollow}</span> : null}
      {receipt ? <span className="font-mono break-all">{receipt}</span> : null}
      <ReceiptLink
        paymentId={payment._id}
        label={m.receiptLink}
        context={receipt ? m.receiptLinkFor(receipt) : ''}
      />
    </span>
  );
}
