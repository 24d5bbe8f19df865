import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking-status';
import { CANCELLATION_POLICIES } from '../cancellation-policies';
import { calendarDayOf } from '../dates';
import { bookingsMessages } from '../messages/bookings';
import { enquiriesMessages } from '../messages/enquiries';
import { packagesMessages } from '../messages/packages';
import { quotesMessages } from '../messages/quotes';
import { validationMessages } from '../messages/validation';
import { hasWholeCents } from '../money';
import { BOOKING_PAYMENT_STATUSES } from '../payments';
import { BOOKING_KINDS, QUOTE_STATUSES } from '../quotes';
import { calendarDaySchema, refineDayRange } from './calendar';
import { pageCounts, pageQuerySchema, successMessageWith, successWith } from './common';
import { depositPercentInputSchema, PRICE_MAX, priceInputSchema } from './packages';

/** A planner's custom offer on the request (docs/bookings-and-calendar.md, Quotes). */
export const quoteSchema = z
  .object({
    /** The offered price, Ksh. */
    price: z.number(),
    /** The share of it paid as a deposit, in percent. */
    depositPercent: z.number().int(),
    message: z.string(),
    /** The day the offer is for (YYYY-MM-DD): the request's own day unless the planner named another. */
    eventDate: z.string().nullable(),
    /** When the offer lapses unanswered (ISO 8601). */
    expiresAt: z.string(),
    status: z.enum(QUOTE_STATUSES),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

export const bookingSchema = z
  .object({
    _id: z.string(),
    /** The package, or a marker (`_id: null`, `deleted: true`, the title it had) once deleted. */
    package: z.object({
      _id: z.string().nullable(),
      title: z.string(),
      image: z.string().nullable(),
      imageThumb: z.string().nullable(),
      location: z.string(),
      deleted: z.boolean(),
    }),
    client: z.object({ _id: z.string(), username: z.string() }),
    planner: z.object({ _id: z.string(), username: z.string() }),
    /** `booking`: a request for a day; `enquiry`: a question asked before booking (its day optional). */
    kind: z.enum(BOOKING_KINDS),
    /**
     * Midnight UTC of the event's calendar day, as the specification's clients send it; null for an
     * enquiry that named no day ("date to be agreed").
     */
    date: z.string().nullable(),
    /** The event's calendar day, YYYY-MM-DD; null for an enquiry that named no day. */
    eventDate: z.string().nullable(),
    /** An enquiry's guests, as the client gave them; null when not given (and for a request). */
    guests: z.number().int().nullable(),
    /** An enquiry's budget, Ksh; null when not given (and for a request). */
    budget: z.number().nullable(),
    message: z.string(),
    status: z.enum(BOOKING_STATUSES),
    /** The package's cancellation policy when the booking was requested: what a client who cancels gets back. */
    cancellationPolicy: z.enum(CANCELLATION_POLICIES),
    /** The package's price when booked, Ksh. */
    price: z.number(),
    /** What the client pays when the planner accepts, Ksh: whole shillings, rounded up. */
    depositAmount: z.number(),
    /** The sum of the booking's succeeded payments, Ksh. */
    amountPaid: z.number(),
    /** Ksh given back by succeeded refunds of the booking's payments. */
    amountRefunded: z.number(),
    /** What is left to pay, Ksh. */
    balanceDue: z.number(),
    paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
    /**
     * The day the balance is due (YYYY-MM-DD): 7 days before the event, or today when the event is
     * closer (or has no day yet: an undated enquiry takes no payments).
     */
    balanceDueOn: z.string(),
    /** The planner's latest offer on the request, if any. */
    quote: quoteSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

export const BOOKING_MESSAGE_MAX = 1000;

export const createBookingBodySchema = z.object({
  package: z.uuid(packagesMessages.notFound),
  planner: z.uuid('planner must be the id of the package’s planner.'),
  date: z
    .string({ error: bookingsMessages.selectDate })
    .trim()
    .min(1, bookingsMessages.selectDate)
    .refine((value) => calendarDayOf(value) !== undefined, validationMessages.eventDateInvalid),
  message: z
    .string()
    .trim()
    .max(
      BOOKING_MESSAGE_MAX,
      validationMessages.tooLong(validationMessages.labels.theMessage, BOOKING_MESSAGE_MAX),
    )
    .nullish()
    .transform((value) => value ?? ''),
});
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>;

export const updateBookingBodySchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of: ${BOOKING_STATUSES.join(', ')}.` }),
});
export type UpdateBookingBody = z.infer<typeof updateBookingBodySchema>;

export const QUOTE_MESSAGE_MAX = 1000;
export const QUOTE_EXPIRY_DAYS_MIN = 1;
export const QUOTE_EXPIRY_DAYS_MAX = 14;

const expiresInDaysSchema = z
  .number({ error: quotesMessages.expiresInDays })
  .int(quotesMessages.expiresInDays)
  .min(QUOTE_EXPIRY_DAYS_MIN, quotesMessages.expiresInDays)
  .max(QUOTE_EXPIRY_DAYS_MAX, quotesMessages.expiresInDays);

/** `POST /api/bookings/{id}/quote`: the offer. */
export const createQuoteBodySchema = z.object({
  /** Ksh, at most 2 decimals, more than 0 and at most what a package may cost. */
  price: priceInputSchema.refine((price) => price > 0, quotesMessages.pricePositive),
  depositPercent: depositPercentInputSchema,
  message: z
    .string()
    .trim()
    .max(
      QUOTE_MESSAGE_MAX,
      validationMessages.tooLong(validationMessages.labels.theMessage, QUOTE_MESSAGE_MAX),
    )
    .nullish()
    .transform((value) => value ?? ''),
  expiresInDays: expiresInDaysSchema,
  /** The day the offer is for (YYYY-MM-DD); left out: the request's own day. */
  eventDate: calendarDaySchema().optional(),
});
export type CreateQuoteBody = z.infer<typeof createQuoteBodySchema>;

/** The quote form's fields (typed text), checked by the same rules as the API's body. */
export const quoteFieldsSchema = createQuoteBodySchema.extend({
  expiresInDays: z
    .string({ error: quotesMessages.expiresInDays })
    .trim()
    .regex(/^\d{1,2}$/, quotesMessages.expiresInDays)
    .transform(Number)
    .pipe(expiresInDaysSchema),
  /** Shown for an enquiry with no day only, where it is needed (left empty elsewhere). */
  eventDate: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(calendarDaySchema().optional()),
});
export type QuoteFieldValues = z.input<typeof quoteFieldsSchema>;

/** The quote form of an enquiry with no day: the offer must name one. */
export const undatedQuoteFieldsSchema = quoteFieldsSchema.refine((body) => body.eventDate !== undefined, {
  path: ['eventDate'],
  message: quotesMessages.dayNeeded,
});

export const listBookingsQuerySchema = pageQuerySchema
  .extend({
    status: z
      .enum(BOOKING_STATUSES, { error: `status must be one of: ${BOOKING_STATUSES.join(', ')}.` })
      .optional(),
    /** Only bookings with this other user (docs/chat-and-files.md, Send Message on a profile). */
    with: z.uuid('with must be a user id.').optional(),
    /** Only bookings whose event day is on or after this day (YYYY-MM-DD; the calendar's month). */
    from: calendarDaySchema().optional(),
    /** Only bookings whose event day is on or before this day (YYYY-MM-DD). */
    to: calendarDaySchema().optional(),
  })
  .superRefine(refineDayRange);
export type ListBookingsQuery = z.infer<typeof listBookingsQuerySchema>;

export const bookingListResponseSchema = successWith({
  bookings: z.array(bookingSchema),
  ...pageCounts(),
});
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

/**
 * `GET /api/bookings/allowance`: the signed-in client's booking requests this calendar month in
 * Africa/Nairobi (`used`) and how many their plan allows (`max`; null: no limit, as for admins).
 */
export const bookingAllowanceResponseSchema = successWith({
  allowance: z.object({ used: z.number().int(), max: z.number().int().nullable() }),
});
export type BookingAllowanceResponse = z.infer<typeof bookingAllowanceResponseSchema>;

export const bookingResponseSchema = successMessageWith({ booking: bookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** At most this many enquiries per client per calendar day (Africa/Nairobi), against spam. */
export const ENQUIRIES_PER_DAY = 5;
export const ENQUIRY_MESSAGE_MAX = 2000;
export const ENQUIRY_GUESTS_MAX = 100_000;

/** An enquiry's guests: a whole number from 1 to 100,000. */
export const enquiryGuestsSchema = z
  .number({ error: enquiriesMessages.guestsInvalid })
  .int(enquiriesMessages.guestsInvalid)
  .min(1, enquiriesMessages.guestsInvalid)
  .max(ENQUIRY_GUESTS_MAX, enquiriesMessages.guestsInvalid);

/** An enquiry's budget: Ksh 0 or more, in whole cents. */
export const enquiryBudgetSchema = z
  .number({ error: enquiriesMessages.budgetInvalid })
  .min(0, enquiriesMessages.budgetInvalid)
  .max(PRICE_MAX, enquiriesMessages.budgetInvalid)
  .refine(hasWholeCents, enquiriesMessages.budgetInvalid);

/**
 * `POST /api/bookings/enquiries`: a question to a planner before booking. `package` is optional (Send
 * Message on a profile names none); `eventDate` too (YYYY-MM-DD or midnight UTC of it).
 */
export const createEnquiryBodySchema = z.object({
  package: z.uuid(packagesMessages.notFound).nullish(),
  planner: z.uuid(enquiriesMessages.plannerNotFound),
  eventDate: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || calendarDayOf(value) !== undefined,
      validationMessages.eventDateInvalid,
    )
    .nullish()
    .transform((value) => value || null),
  guests: enquiryGuestsSchema.nullish().transform((value) => value ?? null),
  budget: enquiryBudgetSchema.nullish().transform((value) => value ?? null),
  message: z
    .string({ error: enquiriesMessages.messageRequired })
    .trim()
    .min(1, enquiriesMessages.messageRequired)
    .max(
      ENQUIRY_MESSAGE_MAX,
      validationMessages.tooLong(validationMessages.labels.theMessage, ENQUIRY_MESSAGE_MAX),
    ),
});
export type CreateEnquiryBody = z.infer<typeof createEnquiryBodySchema>;

/** A booking with its day: every request, and an enquiry that named one (what calendars show). */
export type DatedBooking = Booking & { date: string; eventDate: string };

export function isDated(booking: Booking): booking is DatedBooking {
  return booking.eventDate !== null && booking.date !== null;
}
