import { paymentsMessages } from '@sherehe/shared/messages';
import { formatKenyanPhone } from '@sherehe/shared/phone';
import type { Payment } from '@sherehe/shared/schemas/payments';
import { Button } from '@/components/ui/button';
import { useFollowPayment } from '../hooks/use-follow-payment';

interface PendingPaymentStatusProps {
  /** The booking's payment still waiting (found in its payments, also after a refresh). */
  payment: Payment;
  /** It settled: the booking's figures are asked again. */
  onSettled: (payment: Payment) => void;
  /** Try another way: the pay dialog, for another method or number. */
  onTryAnotherWay: () => void;
}

/**
 * In place of Pay while a payment is waiting: what it waits for ("Waiting for your M-Pesa PIN on
 * 0712 345 678…"), followed until it settles; after a while without an answer, the phone's silence
 * in words with Check again (asks the server) and Try another way.
 */
export function PendingPaymentStatus({ payment, onSettled, onTryAnotherWay }: PendingPaymentStatusProps) {
  const followed = useFollowPayment(payment._id, onSettled, { since: payment.createdAt });
  const current = followed.payment ?? payment;
  if (current.status !== 'pending') return null;
  const phone = current.method === 'mpesa' && current.phone ? formatKenyanPhone(current.phone) : null;
  const unanswered = followed.waitingLong;
  let text: string;
  if (unanswered) {
    text = phone
      ? paymentsMessages.phoneDidNotAnswer(phone)
      : current.method === 'mpesa'
        ? paymentsMessages.noAnswerYet
        : paymentsMessages.stillWaiting;
  } else text = phone ? paymentsMessages.waitingForPin(phone) : paymentsMessages.waitingForPayment;
  return (
    <div className="mt-3 rounded-xl bg-stone-50 p-3">
      <p role="status" aria-live="polite" className="font-semibold text-stone-900">
        {text}
      </p>
      {unanswered ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <Button onClick={followed.keepWaiting}>{paymentsMessages.checkAgain}</Button>
          <Button variant="secondary" onClick={onTryAnotherWay}>
            {paymentsMessages.tryAnotherWay}
          </Button>
        </div>
      ) : phone ? (
        <p className="mt-1 text-sm text-stone-600">{paymentsMessages.waitingForPinHint}</p>
      ) : null}
    </div>
  );
}
