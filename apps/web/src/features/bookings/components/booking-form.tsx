import { latestBookableDay } from '@sherehe/shared/booking-dates';
import { calendarDayOf, dayToIsoMidnight, todayInNairobi } from '@sherehe/shared/dates';
import { bookingsMessages, controlsMessages } from '@sherehe/shared/messages';
import {
  BOOKING_MESSAGE_MAX,
  type BookingResponse,
  type CreateBookingBody,
  createBookingBodySchema,
} from '@sherehe/shared/schemas/bookings';
import type { Package } from '@sherehe/shared/schemas/packages';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CancellationPolicyNote } from '@/components/cancellation-policy';
import { Button } from '@/components/ui/button';
import { FormCancel, FormProblem, InputField, TextareaField } from '@/components/ui/form-field';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { fieldsOf } from '@/lib/form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { zodResolver } from '@/lib/zod-resolver';
import { useCreateBooking } from '../api/create-booking';

/** The 409 of a day blocked or filled since the form opened, told apart by its `reason`. */
function isDayRefused(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.reason === 'DAY_UNAVAILABLE';
}

/** Any other 409 (a booking already open, a package no longer offered): about the form as a whole. */
function isOtherConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && !isDayRefused(error);
}

/** The form's values as typed: all text. */
type BookingFormValues = Record<keyof CreateBookingBody, string>;

// The shared body schema (a date is required: 'Please select a date for your event.'), plus the
// server's "not in the past" rule, so the common mistake is caught before anything is sent.
const bookingFormSchema = createBookingBodySchema.refine(
  (body) => (calendarDayOf(body.date) ?? '') >= todayInNairobi(),
  { path: ['date'], message: bookingsMessages.pastDate },
);

/** What a date picker beside the date input gets (the calendar feature's, composed by the route). */
export interface BookingDatePickerProps {
  plannerId: string;
  /** The date input's value as typed. */
  value: string;
  min: string;
  max: string;
  disabled: boolean;
  /** A day chosen in the picker: it becomes the input's value. */
  onPick: (day: string) => void;
}

export type BookingDatePickerSlot = (props: BookingDatePickerProps) => ReactNode;

interface BookingFormProps {
  pkg: Pick<Package, '_id' | 'planner' | 'cancellationPolicy'>;
  /** After the success toast: the booking made. */
  onBooked: (reply: BookingResponse) => void;
  /** The plan's monthly booking limit was reached: the server's text for the upgrade prompt. */
  onLimitReached: (message: string) => void;
  onCancel?: () => void;
  /** Shown under the date input: the planner's availability (greyed days and why). */
  datePicker?: BookingDatePickerSlot;
}

/** Event date (required, today or later in Nairobi) and an optional message (docs/product-spec.md#validation). */
export function BookingForm({ pkg, onBooked, onLimitReached, onCancel, datePicker }: BookingFormProps) {
  const createBooking = useCreateBooking();
  const today = todayInNairobi();
  const form = useForm<BookingFormValues, unknown, CreateBookingBody>({
    resolver: zodResolver<BookingFormValues, CreateBookingBody>(bookingFormSchema),
    defaultValues: { package: pkg._id, planner: pkg.planner._id, date: '', message: '' },
  });
  const messageLength = form.watch('message')?.length ?? 0;
  const dateValue = form.watch('date') ?? '';
  const latest = latestBookableDay(today);
  const chosenDay = calendarDayOf(dateValue);
  const [problem, setProblem] = useState<string | null>(null);
  const { handleSubmit, busy: sending } = useFormSubmit({
    form,
    send: (body: CreateBookingBody) =>
      createBooking.mutateAsync({ ...body, date: dayToIsoMidnight(calendarDayOf(body.date) ?? body.date) }),
    // Only the date can be wrong in a way the form did not catch (a day the server refuses).
    fields: ['date'],
    onStart: () => setProblem(null),
    successToast: (reply) => reply.message,
    failureToast: (error) =>
      isApiError(error) &&
      (error.upgradePrompt ||
        isDayRefused(error) ||
        isOtherConflict(error) ||
        error.errors.some((issue) => issue.path === 'date'))
        ? null
        : serverMessageOr(error, bookingsMessages.bookFailed),
    onSuccess: onBooked,
    onFailure: (error) => {
      if (isApiError(error) && error.upgradePrompt) {
        onLimitReached(error.serverMessage ?? bookingsMessages.limitReached);
      } else if (isDayRefused(error)) {
        // The day was blocked or filled since the picker looked: the server's words, under the date.
        form.setError(
          'date',
          { message: serverMessageOr(error, bookingsMessages.bookFailed) },
          { shouldFocus: true },
        );
      } else if (isOtherConflict(error)) {
        // Not the date's fault: the server's words above the buttons, for the form as a whole.
        setProblem(serverMessageOr(error, bookingsMessages.bookFailed));
      }
    },
  });

  const field = fieldsOf(form, sending);
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={sending} className="space-y-5">
      <InputField
        label={bookingsMessages.eventDate}
        type="date"
        min={today}
        max={latest}
        required
        {...field('date')}
      />
      {datePicker?.({
        plannerId: pkg.planner._id,
        value: dateValue,
        min: today,
        max: latest,
        disabled: sending,
        onPick: (day) => form.setValue('date', day, { shouldValidate: true, shouldDirty: true }),
      })}
      <CancellationPolicyNote
        policy={pkg.cancellationPolicy}
        eventDate={chosenDay && chosenDay >= today ? chosenDay : undefined}
      />
      <TextareaField
        label={bookingsMessages.messageToPlanner}
        rows={4}
        maxLength={BOOKING_MESSAGE_MAX}
        hint={controlsMessages.characterCount(messageLength, BOOKING_MESSAGE_MAX)}
        {...field('message')}
      />
      <FormProblem message={problem} />
      <div className="flex flex-wrap justify-end gap-3">
        <FormCancel onCancel={onCancel} disabled={sending} />
        <Button type="submit" disabled={sending}>
          {sending ? bookingsMessages.booking : bookingsMessages.bookNow}
        </Button>
      </div>
    </form>
  );
}
