import { paymentPagesMessages, paymentsMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { Payment, PaymentListItem } from '@sherehe/shared/schemas/payments';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCheckPayment } from '../api/check-payment';
import { partyName } from './payments-row-parts';

const m = paymentPagesMessages;

function failureText(payment: Payment): string {
  if (payment.status === 'expired') return paymentsMessages.expired;
  // A reason this app does not know yet reads as the generic one.
  const reasons: Record<string, string | undefined> = paymentsMessages.failureReasons;
  return (
    (payment.failureReason && reasons[payment.failureReason]) ||
    paymentsMessages.failureReasons.provider_error
  );
}

/** What the provider said about a payment, in words an admin reads. */
export function checkResultText(payment: Payment): string {
  const amount = formatKsh(payment.amount);
  if (payment.status === 'succeeded')
    return payment.receiptProvisional
      ? m.checkedPaidReceiptToFollow(amount)
      : m.checkedPaid(amount, payment.receipt);
  if (payment.status === 'pending') return m.checkedStillPending(amount);
  return m.checkedNotPaid(amount, failureText(payment));
}

interface CheckPaymentButtonProps {
  payment: PaymentListItem;
  /** The payment is not pending any more (its button goes away): the page keeps the keyboard in the list. */
  onSettled?: () => void;
}

/** An admin asks the provider now about a payment still waiting; each button holds its own call. */
export function CheckPaymentButton({ payment, onSettled }: CheckPaymentButtonProps) {
  const check = useCheckPayment();
  const { submit, busy } = useFormSubmit({
    send: check.mutateAsync,
    failureToast: m.checkFailed,
    onSuccess: ({ payment: answer }) => {
      const text = checkResultText(answer);
      if (answer.status === 'succeeded') notifySuccess(text);
      else if (answer.status === 'pending') notifyInfo(text);
      else notifyError(text);
      if (answer.status !== 'pending') onSettled?.();
    },
    // 409: it settled meanwhile, and the refreshed list no longer offers the button.
    onFailure: (error) => {
      if (isApiError(error) && error.status === 409) onSettled?.();
    },
  });

  return (
    <Button
      variant="secondary"
      className="w-full sm:w-auto"
      disabled={busy}
      onClick={() => void submit(payment._id)}
    >
      {busy ? m.checking : m.check}
      <span className="sr-only">{m.checkFor(formatKsh(payment.amount), partyName(payment.client))}</span>
    </Button>
  );
}
