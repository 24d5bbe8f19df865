import { latestBookableDay } from '@sherehe/shared/booking-dates';
import { calendarDayOf, todayInNairobi } from '@sherehe/shared/dates';
import { bookingsMessages, controlsMessages, enquiriesMessages } from '@sherehe/shared/messages';
import {
  type BookingResponse,
  type CreateEnquiryBody,
  createEnquiryBodySchema,
  ENQUIRY_MESSAGE_MAX,
  enquiryBudgetSchema,
  enquiryGuestsSchema,
} from '@sherehe/shared/schemas/bookings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormCancel, FormProblem, InputField, TextareaField } from '@/components/ui/form-field';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { zodResolver } from '@/lib/zod-resolver';
import { useCreateEnquiry } from '../api/create-enquiry';

/** The form's fields as typed: all text. */
interface EnquiryFormValues {
  eventDate: string;
  guests: string;
  budget: string;
  message: string;
}
type EnquiryFormOutput = Omit<CreateEnquiryBody, 'package' | 'planner'>;

/** A number field: empty is "not given". */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

// The shared body's rules, read from text, plus "not in the past" for a day given.
const { shape } = createEnquiryBodySchema;
const enquiryFormSchema = z.object({
  eventDate: shape.eventDate.refine((day) => day === null || (calendarDayOf(day) ?? '') >= todayInNairobi(), {
    message: bookingsMessages.pastDate,
  }),
  guests: z.string().transform(optionalNumber).pipe(enquiryGuestsSchema.nullable()),
  budget: z.string().transform(optionalNumber).pipe(enquiryBudgetSchema.nullable()),
  message: shape.message,
});

interface EnquiryFormProps {
  /** The package asked about, if any (none from a planner's profile). */
  packageId?: string | undefined;
  plannerId: string;
  onSent: (reply: BookingResponse) => void;
  onCancel?: () => void;
}

/** An enquiry: a day (optional), guests, a budget in Ksh and a message (required). */
export function EnquiryForm({ packageId, plannerId, onSent, onCancel }: EnquiryFormProps) {
  const createEnquiry = useCreateEnquiry();
  const today = todayInNairobi();
  const form = useForm<EnquiryFormValues, unknown, EnquiryFormOutput>({
    resolver: zodResolver<EnquiryFormValues, EnquiryFormOutput>(enquiryFormSchema),
    defaultValues: { eventDate: '', guests: '', budget: '', message: '' },
  });
  const messageLength = form.watch('message')?.length ?? 0;
  const [problem, setProblem] = useState<string | null>(null);
  const { handleSubmit, busy: sending } = useFormSubmit({
    form,
    send: (body: EnquiryFormOutput) =>
      createEnquiry.mutateAsync({ ...body, package: packageId ?? null, planner: plannerId }),
    fields: ['eventDate', 'guests', 'budget', 'message'],
    onStart: () => setProblem(null),
    successToast: (reply) => reply.message,
    failureToast: (error) =>
      isApiError(error) && (error.status === 409 || error.status === 429)
        ? null
        : serverMessageOr(error, enquiriesMessages.failed),
    onSuccess: onSent,
    onFailure: (error) => {
      // An open enquiry of the package, the daily limit: about the form as a whole.
      if (isApiError(error) && (error.status === 409 || error.status === 429))
        setProblem(serverMessageOr(error, enquiriesMessages.failed));
    },
  });

  const field = fieldsOf(form, sending);
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={sending} className="space-y-5">
      <p className="text-stone-700">{enquiriesMessages.formIntro}</p>
      <InputField
        label={enquiriesMessages.dateLabel}
        type="date"
        min={today}
        max={latestBookableDay(today)}
        {...field('eventDate')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={enquiriesMessages.guestsLabel}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...field('guests')}
        />
        <InputField
          label={enquiriesMessages.budgetLabel}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...field('budget')}
        />
      </div>
      <TextareaField
        label={enquiriesMessages.messageLabel}
        rows={4}
        required
        maxLength={ENQUIRY_MESSAGE_MAX}
        hint={controlsMessages.characterCount(messageLength, ENQUIRY_MESSAGE_MAX)}
        {...field('message')}
      />
      <FormProblem message={problem} />
      <div className="flex flex-wrap justify-end gap-3">
        <FormCancel onCancel={onCancel} disabled={sending} />
        <Button type="submit" disabled={sending}>
          {sending ? enquiriesMessages.submitting : enquiriesMessages.submit}
        </Button>
      </div>
    </form>
  );
}
