import { paymentsMessages } from '@sherehe/shared/messages';
import type { Payment } from '@sherehe/shared/schemas/payments';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '@/lib/class-names';
import { useFollowPayment } from '../hooks/use-follow-payment';
import { usePaymentUpdates } from '../hooks/use-payment-updates';
import { paymentOutcomeText } from './payment-outcome-text';

/** What the card checkout adds to the return address: ours, and Paystack's own reference. */
const RETURN_PARAMS = ['payment', 'trxref', 'reference'];

/**
 * Back from the card checkout at `/dashboard/bookings?payment=<id>`: says how that payment went,
 * asking until it has settled, and refreshes the bookings. Then the address loses the parameters
 * (replaced, not pushed), so a reload does not tell it again; the text stays until the page is left.
 */
export function PaymentReturnNotice({ onBookingChanged }: { onBookingChanged?: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromAddress = searchParams.get('payment');
  const [paymentId, setPaymentId] = useState(fromAddress);
  useEffect(() => {
    if (fromAddress) setPaymentId(fromAddress);
  }, [fromAddress]);
  const receive = usePaymentUpdates(onBookingChanged);

  const forget = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const { payment, failed } = useFollowPayment(
    paymentId,
    (settled: Payment) => {
      receive(settled);
      forget();
    },
    { pausesWhenLong: false },
  );
  // Not a payment of theirs (or none at all): nothing to tell.
  // biome-ignore lint/correctness/useExhaustiveDependencies: forget only writes the address
  useEffect(() => {
    if (failed) forget();
  }, [failed]);

  const outcome = payment ? paymentOutcomeText(payment) : null;
  const text = failed || !paymentId ? null : (outcome ?? paymentsMessages.checkingCard);
  return (
    <div role="status" aria-live="polite" className={text ? 'mb-6' : undefined}>
      {text ? (
        <p
          className={cx(
            'rounded-2xl border p-4 font-medium',
            payment?.status === 'succeeded'
              ? 'border-green-300 bg-green-50 text-green-900'
              : outcome
                ? 'border-amber-300 bg-amber-50 text-amber-900'
                : 'border-stone-200 bg-stone-50 text-stone-800',
          )}
        >
          {text}
        </p>
      ) : null}
    </div>
  );
}
