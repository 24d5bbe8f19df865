import { formatDay } from '@sherehe/shared/dates';
import { paymentsMessages } from '@sherehe/shared/messages';
import { formatKsh, subtractShillings } from '@sherehe/shared/money';
import { formatKenyanPhone, normaliseKenyanPhone } from '@sherehe/shared/phone';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import type { User } from '@sherehe/shared/schemas/users';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Fact } from '@/components/ui/fact';
import { useBookingPayments } from '../api/get-booking-payments';
import { usePaymentMethods } from '../api/get-payment-methods';
import { usePaymentUpdates } from '../hooks/use-payment-updates';
import { PayDialog, type PayPurpose } from './pay-dialog';
import { PaymentHistory } from './payment-history';
import { PendingPaymentStatus } from './pending-payment-status';

type PaymentFigures = Pick<
  Booking,
  | '_id'
  | 'status'
  | 'client'
  | 'depositAmount'
  | 'amountPaid'
  | 'balanceDue'
  | 'paymentStatus'
  | 'balanceDueOn'
>;

/** What the client may pay now: the deposit first (straight to the balance when there is none), then the balance. */
export function payableNow(booking: PaymentFigures): PayPurpose | null {
  if (booking.status !== 'accepted' || booking.balanceDue <= 0) return null;
  if (booking.paymentStatus === 'unpaid') return booking.depositAmount > 0 ? 'deposit' : 'balance';
  return booking.paymentStatus === 'deposit_paid' ? 'balance' : null;
}

/** Whether a booking has payment matters to show: accepted ones, and any that took money. */
export function showsPayments(booking: Pick<Booking, 'status' | 'amountPaid'>): boolean {
  return booking.status === 'accepted' || booking.amountPaid > 0;
}

/**
 * The phone the M-Pesa prompt offers, as a Kenyan reads it (0712 345 678): the number verified for
 * SMS when there is one, else the profile's phone (as written when it is not a mobile number).
 */
function phoneFromProfile(user: Pick<User, 'phoneNumber' | 'smsPhone'>): string {
  if (user.smsPhone) return formatKenyanPhone(user.smsPhone);
  const normalised = normaliseKenyanPhone(user.phoneNumber);
  return normalised ? formatKenyanPhone(normalised) : user.phoneNumber;
}

interface BookingPaymentsProps {
  booking: PaymentFigures;
  user: Pick<User, '_id' | 'phoneNumber' | 'smsPhone'>;
  /** Something paid: the booking's figures are asked again (the bookings feature's list, by the route). */
  onBookingChanged?: () => void;
}

/**
 * A booking's money, for both parties (docs/money.md#payments): the deposit, what is paid, the balance and the
 * day it is due, the payments with their receipts (each part of the balance among them) and what is
 * left to pay, and for the client Pay deposit / Pay balance / Pay part of the balance.
 * With no way of paying offered (payments off) nobody is asked to pay: no balance due, no Pay
 * button, and only a booking that took money before shows its payments.
 */
export function BookingPayments({ booking, user, onBookingChanged }: BookingPaymentsProps) {
  const titleId = useId();
  const receive = usePaymentUpdates(onBookingChanged);
  const methods = usePaymentMethods();
  const [dialog, setDialog] = useState<{ open: boolean; purpose: PayPurpose }>({
    open: false,
    purpose: 'deposit',
  });
  const isClient = booking.client._id === user._id;
  // The client's payment already waiting (the same list the history shows): told instead of Pay.
  const payments = useBookingPayments(booking._id, { enabled: isClient && showsPayments(booking) });
  const pending = payments.data?.find(
    (payment) => payment.status === 'pending' && payment.purpose !== 'plan',
  );
  // Drawn once the ways of paying are known, so no one is told to pay where payments are off.
  if (methods === undefined || !showsPayments(booking)) return null;
  const asksPayment = methods.length > 0;
  if (!asksPayment && booking.amountPaid <= 0) return null;
  const payable = isClient && asksPayment ? payableNow(booking) : null;
  const depositUnpaid = booking.paymentStatus === 'unpaid' && booking.depositAmount > 0;
  // In cents, so the difference of two amounts carries no float drift.
  const afterDeposit = subtractShillings(booking.balanceDue, booking.depositAmount);
  const openDialog = (purpose: PayPurpose) => setDialog({ open: true, purpose });

  return (
    <section aria-labelledby={titleId} className="mt-4 border-t border-stone-200 pt-4">
      <h3 id={titleId} className="font-semibold text-stone-900">
        {paymentsMessages.sectionTitle}
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <Fact label={paymentsMessages.paymentStatus}>
          {paymentsMessages.bookingPaymentStatuses[booking.paymentStatus]}
        </Fact>
        <Fact label={paymentsMessages.deposit}>{formatKsh(booking.depositAmount)}</Fact>
        <Fact label={paymentsMessages.paidSoFar}>{formatKsh(booking.amountPaid)}</Fact>
        {asksPayment && booking.balanceDue > 0 ? (
          depositUnpaid && afterDeposit > 0 ? (
            // The deposit is shown above: the balance is what is left once it is paid, not on top of it.
            <Fact label={paymentsMessages.balanceAfterDeposit}>
              {paymentsMessages.balanceDueBy(formatKsh(afterDeposit), formatDay(booking.balanceDueOn))}
            </Fact>
          ) : depositUnpaid ? null : (
            <Fact label={paymentsMessages.balanceDue}>
              {paymentsMessages.balanceDueBy(formatKsh(booking.balanceDue), formatDay(booking.balanceDueOn))}
            </Fact>
          )
        ) : null}
      </dl>
      {asksPayment && booking.status === 'accepted' && booking.paymentStatus === 'deposit_paid' ? (
        <p className="mt-2 font-semibold text-stone-900">
          {paymentsMessages.leftToPay(formatKsh(booking.balanceDue))}
        </p>
      ) : null}
      {payable && pending ? (
        <PendingPaymentStatus
          payment={pending}
          onSettled={receive}
          onTryAnotherWay={() =>
            openDialog(
              pending.purpose === 'balance' || pending.purpose === 'instalment' ? pending.purpose : payable,
            )
          }
        />
      ) : payable ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <Button onClick={() => openDialog(payable)}>
            {payable === 'deposit' ? paymentsMessages.payDeposit : paymentsMessages.payBalance}
          </Button>
          {/* Once the deposit is paid, the balance may also be paid bit by bit. */}
          {payable === 'balance' && booking.paymentStatus === 'deposit_paid' ? (
            <Button variant="secondary" onClick={() => openDialog('instalment')}>
              {paymentsMessages.payPart}
            </Button>
          ) : null}
        </div>
      ) : null}
      <PaymentHistory bookingId={booking._id} />
      {isClient ? (
        <PayDialog
          open={dialog.open}
          onClose={() => setDialog((current) => ({ ...current, open: false }))}
          bookingId={booking._id}
          purpose={dialog.purpose}
          amount={dialog.purpose === 'deposit' ? booking.depositAmount : booking.balanceDue}
          defaultPhone={phoneFromProfile(user)}
          onSettled={receive}
        />
      ) : null}
    </section>
  );
}
