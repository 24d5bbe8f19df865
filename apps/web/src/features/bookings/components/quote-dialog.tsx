import { latestBookableDay } from '@sherehe/shared/booking-dates';
import { todayInNairobi } from '@sherehe/shared/dates';
import { quotesMessages } from '@sherehe/shared/messages';
import { DEFAULT_DEPOSIT_PERCENT } from '@sherehe/shared/payments';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import {
  type CreateQuoteBody,
  QUOTE_EXPIRY_DAYS_MAX,
  QUOTE_EXPIRY_DAYS_MIN,
  QUOTE_MESSAGE_MAX,
  type QuoteFieldValues,
  quoteFieldsSchema,
  undatedQuoteFieldsSchema,
} from '@sherehe/shared/schemas/bookings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { zodResolver } from '@/lib/zod-resolver';
import { useSendQuote } from '../api/quotes';

/** How long an offer stands unless the planner says otherwise. */
const DEFAULT_EXPIRY_DAYS = 7;

/**
 * "Send a quote" and its dialog: a price in Ksh, the deposit share, a message and how many days the
 * offer stands, checked with the API's own rules before it is sent. A new offer replaces one still
 * waiting. Shown to the planner of a pending request, on the bookings page and in its chat.
 */
export function SendQuoteButton({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const send = useSendQuote();
  // An enquiry that named no day is booked on the day its offer names.
  const undated = booking.eventDate === null;
  const form = useForm<QuoteFieldValues, unknown, CreateQuoteBody>({
    resolver: zodResolver<QuoteFieldValues, CreateQuoteBody>(
      undated ? undatedQuoteFieldsSchema : quoteFieldsSchema,
    ),
    defaultValues: {
      price: String(booking.quote?.price ?? booking.price),
      depositPercent: String(booking.quote?.depositPercent ?? DEFAULT_DEPOSIT_PERCENT),
      message: '',
      expiresInDays: String(DEFAULT_EXPIRY_DAYS),
      eventDate: booking.quote?.eventDate ?? '',
    },
    mode: 'onTouched',
  });
  const { handleSubmit, busy } = useFormSubmit({
    form,
    send: (body: CreateQuoteBody) => send.mutateAsync({ id: booking._id, ...body }),
    successToast: (reply) => reply.message,
    failureToast: quotesMessages.sendFailed,
    onSuccess: () => setOpen(false),
  });
  const field = fieldsOf(form, busy);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {quotesMessages.send}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={quotesMessages.dialogTitle}>
        <p className="mb-4 text-stone-700">{quotesMessages.dialogIntro}</p>
        <form noValidate onSubmit={handleSubmit} aria-busy={busy} className="space-y-4">
          {undated ? (
            <InputField
              label={quotesMessages.eventDate}
              type="date"
              min={todayInNairobi()}
              max={latestBookableDay(todayInNairobi())}
              required
              {...field('eventDate')}
            />
          ) : null}
          <InputField label={quotesMessages.price} inputMode="decimal" required {...field('price')} />
          <InputField
            label={quotesMessages.depositPercent}
            inputMode="numeric"
            required
            {...field('depositPercent')}
          />
          <InputField
            label={quotesMessages.expiresInDaysLabel}
            type="number"
            min={QUOTE_EXPIRY_DAYS_MIN}
            max={QUOTE_EXPIRY_DAYS_MAX}
            inputMode="numeric"
            required
            {...field('expiresInDays')}
          />
          <TextareaField
            label={quotesMessages.message}
            rows={3}
            maxLength={QUOTE_MESSAGE_MAX}
            {...field('message')}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              {quotesMessages.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? quotesMessages.sending : quotesMessages.submit}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
