import {
  controlsMessages,
  paymentsMessages,
  planPaymentsMessages,
  plansMessages,
} from '@sherehe/shared/messages';
import { centsOf, formatCents, formatKsh, fromCents, toCents } from '@sherehe/shared/money';
import {
  instalmentLeastCents,
  instalmentMostCents,
  instalmentRefusal,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@sherehe/shared/payments';
import { formatKenyanPhone, kenyanPhoneSchema } from '@sherehe/shared/phone';
import type { Payment, PaymentResponse } from '@sherehe/shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, buttonClassName } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { zodResolver } from '@/lib/zod-resolver';
import { paymentQueryOptions } from '../api/get-payment';
import { useMpesaMaxAmount, usePaymentMethods } from '../api/get-payment-methods';
import { pendingPaymentOf, useStartPayment } from '../api/start-payment';
import { useFollowPayment } from '../hooks/use-follow-payment';
import { paymentOutcomeText } from './payment-outcome-text';

export type PayPurpose = 'deposit' | 'balance' | 'instalment';

/** The dialog's form: a phone only for M-Pesa, checked and normalised by the shared rule. */
const payFormSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('mpesa'), phone: kenyanPhoneSchema, amount: z.string().optional() }),
  z.object({ method: z.literal('card'), phone: z.string().optional(), amount: z.string().optional() }),
]);
type PayFormValues = { method: PaymentMethod; phone: string; amount: string };
type PayFormOutput = z.infer<typeof payFormSchema>;

/** The amount typed for a part of the balance, in cents, when it is a number of Ksh with at most two decimals. */
function typedCents(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const cents = centsOf(Number(trimmed));
  return cents !== undefined && cents > 0 ? cents : undefined;
}

/** The typed amount in the API's Ksh (the form has checked it is one). */
function fromTypedCents(text: string | undefined): number {
  return fromCents(typedCents(text) ?? 0);
}

/**
 * What is wrong with the amount typed for a part of the balance (`leftCents` being left), by the
 * shared rule the server applies, or null. M-Pesa's own limit is said here too, before anything is sent.
 */
function instalmentProblem(
  text: string | undefined,
  leftCents: number,
  method: PaymentMethod,
  mpesaMax: number | undefined,
): string | null {
  const cents = typedCents(text);
  if (cents === undefined)
    return (text ?? '').trim() ? paymentsMessages.amountInvalid : paymentsMessages.amountRequired;
  const refusal = instalmentRefusal(cents, leftCents, method);
  const most = formatCents(instalmentMostCents(leftCents, method));
  if (refusal === 'too_small')
    return paymentsMessages.instalmentTooSmall(formatCents(instalmentLeastCents(leftCents, method)));
  if (refusal === 'too_large') return paymentsMessages.instalmentTooLarge(most);
  if (refusal === 'exactly_left') return paymentsMessages.instalmentExactlyLeft(most);
  if (refusal === 'whole_shillings') return paymentsMessages.instalmentWholeShillings;
  if (refusal === 'nothing_left') return paymentsMessages.nothingDue;
  if (method === 'mpesa' && mpesaMax !== undefined && cents > toCents(mpesaMax))
    return paymentsMessages.mpesaTooLarge(formatKsh(mpesaMax));
  return null;
}

/** Sends the payer to the provider's hosted checkout (a page of another site, so a full load). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}

/** What is paid: a booking's deposit or balance, or 30 days of a paid plan. */
type PayFor =
  | { bookingId: string; purpose: PayPurpose; plan?: never; note?: never }
  | {
      /** The plan: its dollar price is shown as the specification writes it ('$10/mo'). */
      plan: { _id: string; name: string; price: number };
      /** What paying does to the running paid period ('Your Pro days left become 12 extra days of Enterprise…'). */
      note?: string;
      bookingId?: never;
      purpose?: never;
    };

type PayDialogProps = PayFor & {
  open: boolean;
  onClose: () => void;
  /** What is due (for a plan: what 30 days cost; for a part of the balance: what is left), Ksh. */
  amount: number;
  /** The signed-in user's profile phone, as they wrote it. */
  defaultPhone: string;
  /** A payment followed here settled (the booking's figures are asked again). */
  onSettled: (payment: Payment) => void;
};

/**
 * Paying a booking's deposit, balance or a part of it (an amount typed, checked by the shared rule):
 * choose M-Pesa (the PIN prompt goes to the phone given) or
 * a card (the provider's checkout page), among the ways of paying the server offers. An M-Pesa
 * payment is then followed here until it settles. The body is mounted only while the dialog is
 * open, so closing it forgets the attempt and stops asking the server.
 */
export function PayDialog({ open, onClose, ...body }: PayDialogProps) {
  const title = body.plan
    ? planPaymentsMessages.payTitle(body.plan.name)
    : paymentsMessages.dialogTitles[body.purpose];
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {open ? <PayDialogBody onClose={onClose} {...body} /> : null}
    </Modal>
  );
}

/** `elsewhere`: the phone a payment already pending prompted, when this attempt named another way or number. */
type Step =
  | { kind: 'choose' }
  | { kind: 'follow'; paymentId: string; elsewhere?: string }
  | { kind: 'checkout' };

function PayDialogBody({
  bookingId,
  purpose,
  plan,
  note,
  amount,
  defaultPhone,
  onSettled,
  onClose,
}: Omit<PayDialogProps, 'open'>) {
  const queryClient = useQueryClient();
  const start = useStartPayment();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  /** A card payment already pending for this (a 409): its checkout page, to continue there. */
  const [pendingCheckout, setPendingCheckout] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // Until the server says (the pricing page may open this first), every method; the choice follows.
  const methods = usePaymentMethods() ?? PAYMENT_METHODS;
  // M-Pesa takes at most MPESA_MAX_AMOUNT in one payment: above it, not offered, and the dialog says why.
  const mpesaMax = useMpesaMaxAmount();
  const instalment = purpose === 'instalment';
  // A part of the balance may be small enough for M-Pesa even when what is left is not: its amount says.
  const overMpesaLimit =
    !instalment && mpesaMax !== undefined && methods.includes('mpesa') && Math.ceil(amount) > mpesaMax;
  const offered = overMpesaLimit ? methods.filter((choice) => choice !== 'mpesa') : methods;
  const leftCents = toCents(amount);
  const schema = useMemo(
    () =>
      instalment
        ? payFormSchema.superRefine((values, ctx) => {
            const message = instalmentProblem(values.amount, leftCents, values.method, mpesaMax);
            if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
          })
        : payFormSchema,
    [instalment, leftCents, mpesaMax],
  );
  const form = useForm<PayFormValues, unknown, PayFormOutput>({
    resolver: zodResolver<PayFormValues, PayFormOutput>(schema),
    defaultValues: { method: offered[0] ?? 'mpesa', phone: defaultPhone, amount: '' },
    mode: 'onTouched',
  });
  const method = form.watch('method');
  useEffect(() => {
    const first = offered[0];
    if (first && !offered.includes(form.getValues('method'))) form.setValue('method', first);
  }, [offered, form]);
  const following = step.kind === 'follow' ? step.paymentId : null;
  const { payment, waitingLong, keepWaiting } = useFollowPayment(following, onSettled);

  function follow(started: Payment, elsewhere?: string) {
    // The room's news may have come before this answer: a settled payment is not taken back to pending.
    queryClient.setQueryData<PaymentResponse>(paymentQueryOptions(started._id).queryKey, (known) =>
      known && known.payment.status !== 'pending' ? known : { success: true, payment: started },
    );
    setStep({ kind: 'follow', paymentId: started._id, ...(elsewhere ? { elsewhere } : {}) });
  }

  function checkout(started: Payment): boolean {
    if (started.status !== 'pending' || !started.checkoutUrl) return false;
    setStep({ kind: 'checkout' });
    goToCheckout(started.checkoutUrl);
    return true;
  }

  const { handleSubmit, busy } = useFormSubmit({
    form,
    send: (values: PayFormOutput) =>
      start.mutateAsync({
        ...(plan ? { planId: plan._id } : { bookingId: bookingId as string, purpose: purpose as PayPurpose }),
        ...(instalment ? { amount: fromTypedCents(values.amount) } : {}),
        method: values.method,
        ...(values.method === 'mpesa' ? { phone: values.phone } : {}),
      }),
    onStart: () => {
      setProblem(null);
      setPendingCheckout(null);
    },
    onSuccess: (reply) => {
      if (reply.payment.method === 'card' && checkout(reply.payment)) return;
      follow(reply.payment);
    },
    onFailure: (error, values) => {
      const pending = pendingPaymentOf(error);
      if (pending?.method === 'card') {
        // The same card payment, still open: go on with it rather than start another.
        if (values.method === 'card' && checkout(pending)) return;
        setProblem(
          pending.status === 'pending'
            ? paymentsMessages.alreadyPending
            : paymentsMessages.earlierMayComplete,
        );
        setPendingCheckout(pending.checkoutUrl ?? null);
        return;
      }
      if (pending?.status === 'pending') {
        // The prompt went to the first number, not this one: said so, with the number it went to.
        const other =
          pending.method === 'mpesa' &&
          pending.phone &&
          (values.method !== 'mpesa' || values.phone !== pending.phone)
            ? formatKenyanPhone(pending.phone)
            : undefined;
        return follow(pending, other);
      }
      // An earlier payment given up on that may still go through: said, not followed (409's words).
      if (pending) return setProblem(paymentsMessages.earlierMayComplete);
      // A refused phone or amount is shown under the field (useFormSubmit puts it there).
      if (
        isApiError(error) &&
        error.errors.some((issue) => issue.path === 'phone' || issue.path === 'amount')
      )
        return;
      setProblem(isApiError(error) ? error.message : paymentsMessages.failureReasons.provider_error);
    },
  });

  // The form gives way to the status: take focus along, so it is not lost with the button pressed.
  useEffect(() => {
    if (step.kind !== 'choose') statusRef.current?.focus();
  }, [step.kind]);

  const typed = instalment ? typedCents(form.watch('amount')) : undefined;
  const payAmount = instalment
    ? typed === undefined
      ? null
      : fromCents(typed)
    : method === 'mpesa'
      ? Math.ceil(amount)
      : amount;
  const leastCents = instalmentLeastCents(leftCents, method);
  const mostCents = instalmentMostCents(leftCents, method);
  const settled = payment && payment.status !== 'pending' ? payment : undefined;
  const promptedPhone = payment?.phone ? formatKenyanPhone(payment.phone) : null;
  // An M-Pesa prompt unanswered after a while: the phone did not answer, said with what to do.
  const unanswered = step.kind === 'follow' && !settled && waitingLong && payment?.method !== 'card';
  let status: string | null = null;
  let hint: string | null = null;
  if (step.kind === 'checkout') status = paymentsMessages.toCheckout;
  else if (step.kind === 'follow') {
    if (settled) status = paymentOutcomeText(settled);
    else if (unanswered)
      status = promptedPhone
        ? paymentsMessages.phoneDidNotAnswer(promptedPhone)
        : paymentsMessages.noAnswerYet;
    else if (waitingLong) status = paymentsMessages.stillWaiting;
    else if (step.elsewhere) status = paymentsMessages.alreadyPendingOn(step.elsewhere);
    else if (promptedPhone) {
      status = paymentsMessages.waitingForPin(promptedPhone);
      hint = paymentsMessages.waitingForPinHint;
    } else {
      status = paymentsMessages.checkPhone;
      hint = paymentsMessages.checkPhoneHint;
    }
  }

  const field = fieldsOf(form, busy);
  return (
    <div className="space-y-5">
      {/* Always in the page, so what it says as the payment moves on is read out. */}
      <div
        ref={statusRef}
        role="status"
        aria-live="polite"
        tabIndex={-1}
        className={status ? 'rounded-xl bg-stone-50 p-4 outline-none focus-visible:ring-2' : undefined}
      >
        {status ? (
          <p
            className={
              settled?.status === 'succeeded'
                ? 'font-semibold text-green-800'
                : settled
                  ? 'font-semibold text-red-800'
                  : 'text-lg font-semibold'
            }
          >
            {status}
          </p>
        ) : null}
        {hint ? <p className="mt-1 text-sm text-stone-600">{hint}</p> : null}
      </div>

      {step.kind === 'choose' && offered.length === 0 ? (
        <div className="space-y-5">
          <p className="font-medium text-stone-800">
            {overMpesaLimit && mpesaMax !== undefined
              ? paymentsMessages.mpesaTooLargeNoCard(formatKsh(mpesaMax))
              : paymentsMessages.methodUnavailable}
          </p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {controlsMessages.close}
            </Button>
          </div>
        </div>
      ) : null}

      {step.kind === 'choose' && offered.length > 0 ? (
        <form noValidate onSubmit={handleSubmit} aria-busy={busy} className="space-y-5">
          {plan ? (
            <p className="text-2xl font-extrabold text-stone-900">{plansMessages.price(plan.price)}</p>
          ) : null}
          {instalment ? (
            <InputField
              label={paymentsMessages.amountLabel}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              required
              hint={
                leastCents === mostCents
                  ? paymentsMessages.amountExactly(formatCents(mostCents))
                  : paymentsMessages.amountRange(formatCents(leastCents), formatCents(mostCents))
              }
              {...field('amount')}
            />
          ) : (
            <p className="font-medium text-stone-800">
              {plan
                ? planPaymentsMessages.charged(formatKsh(payAmount ?? amount))
                : paymentsMessages.amountToPay(formatKsh(payAmount ?? amount))}
            </p>
          )}
          {note ? <p className="text-stone-700">{note}</p> : null}
          {overMpesaLimit && mpesaMax !== undefined ? (
            <p className="rounded-xl bg-amber-50 p-3 text-amber-900">
              {paymentsMessages.mpesaTooLargeUseCard(formatKsh(mpesaMax))}
            </p>
          ) : null}
          {offered.length === 1 ? (
            // One way of paying here: said, not offered as a choice of one.
            <p className="font-medium text-stone-800">{paymentsMessages.onlyMethod[method]}</p>
          ) : (
            <fieldset className="space-y-2">
              <legend className="mb-2 font-medium text-stone-800">{paymentsMessages.chooseMethod}</legend>
              {offered.map((choice) => (
                <label
                  key={choice}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-stone-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    value={choice}
                    disabled={busy}
                    className="size-5 accent-brand-600"
                    {...form.register('method')}
                  />
                  <span>{paymentsMessages.methodChoices[choice]}</span>
                </label>
              ))}
            </fieldset>
          )}
          {method === 'mpesa' ? (
            <InputField
              label={paymentsMessages.phoneLabel}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={40}
              required
              hint={paymentsMessages.phoneHint}
              {...field('phone')}
            />
          ) : null}
          {problem ? (
            <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900">
              <p>{problem}</p>
              {pendingCheckout ? (
                <a href={pendingCheckout} className={buttonClassName('secondary', 'md', 'mt-3')}>
                  {paymentsMessages.continueCheckout}
                </a>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {controlsMessages.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy
                ? paymentsMessages.sending
                : method === 'mpesa'
                  ? payAmount === null
                    ? paymentsMessages.payPart
                    : paymentsMessages.payWithMpesa(formatKsh(payAmount))
                  : paymentsMessages.payByCard}
            </Button>
          </div>
        </form>
      ) : null}

      {step.kind === 'follow' ? (
        <div className="flex flex-wrap justify-end gap-3">
          {settled && settled.status !== 'succeeded' ? (
            <Button
              onClick={() => {
                setStep({ kind: 'choose' });
                setProblem(null);
              }}
            >
              {paymentsMessages.tryAgain}
            </Button>
          ) : null}
          {unanswered ? (
            <>
              <Button
                variant="secondary"
                onClick={() => {
                  setStep({ kind: 'choose' });
                  setProblem(null);
                }}
              >
                {paymentsMessages.tryAnotherWay}
              </Button>
              <Button onClick={keepWaiting}>{paymentsMessages.checkAgain}</Button>
            </>
          ) : waitingLong && !settled ? (
            <Button onClick={keepWaiting}>{paymentsMessages.keepWaiting}</Button>
          ) : null}
          {/* Otherwise the dialog's own Close leaves it. */}
          {settled?.status === 'succeeded' ? (
            <Button onClick={onClose}>{paymentsMessages.done}</Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
