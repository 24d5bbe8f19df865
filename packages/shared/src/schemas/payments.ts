import { z } from 'zod';
import { isCalendarDay } from '../dates';
import { paymentsMessages } from '../messages/payments';
import { hasWholeCents } from '../money';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '../payments';
import { kenyanPhoneSchema } from '../phone';
import { refineDayRange } from './calendar';
import { alwaysPageCounts, pageQuerySchema, successWith } from './common';

export const paymentSchema = z
  .object({
    _id: z.string(),
    purpose: z.enum(PAYMENT_PURPOSES),
    method: z.enum(PAYMENT_METHODS),
    /** Ksh; whole shillings for M-Pesa. */
    amount: z.number(),
    currency: z.literal('KES'),
    status: z.enum(PAYMENT_STATUSES),
    /** Why it did not go through (PAYMENT_FAILURE_REASONS, or `expired`), else null. */
    failureReason: z.string().nullable(),
    /** The M-Pesa receipt or the card payment's reference, once paid. */
    receipt: z.string().nullable(),
    /**
     * True while an M-Pesa payment is confirmed but M-Pesa's receipt number is not known yet (counted
     * by a status query before Daraja's callback): `receipt` then holds the push's CheckoutRequestID
     * as a stand-in, which the callback replaces. False otherwise.
     */
    receiptProvisional: z.boolean(),
    /** Card: the checkout page to send the payer to. */
    checkoutUrl: z.string().optional(),
    /** M-Pesa: the phone the PIN prompt went to (2547…/2541…), so the payer is told which one. */
    phone: z.string().optional(),
    booking: z.string().optional(),
    planId: z.string().optional(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const startBookingPaymentBodySchema = z
  .object({
    bookingId: z.uuid('bookingId must be a booking id.'),
    purpose: z.enum(['deposit', 'balance', 'instalment'], {
      error: "purpose must be 'deposit', 'balance' or 'instalment'.",
    }),
    method: z.enum(PAYMENT_METHODS, { error: "method must be 'mpesa' or 'card'." }),
    /** M-Pesa: the phone that gets the PIN prompt; the payer's profile phone when absent. */
    phone: kenyanPhoneSchema.optional(),
    /**
     * Ksh, exact to the cent: the part of the balance to pay, required for an instalment (at least
     * Ksh 1,000, or what is left when less; at most what is left). A deposit or balance is worked out
     * by the server, and an amount sent with one is ignored.
     */
    amount: z
      .number({ error: paymentsMessages.amountInvalid })
      .positive(paymentsMessages.amountInvalid)
      .refine(hasWholeCents, paymentsMessages.amountInvalid)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.purpose === 'instalment' && body.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: paymentsMessages.amountRequired });
  });
/** A booking's deposit, balance or a part of it (an instalment). */
export type StartPaymentBody = z.infer<typeof startBookingPaymentBodySchema>;

/** 30 days of a paid plan, for the payer themself. */
export const startPlanPaymentBodySchema = z.object({
  planId: z.string({ error: 'planId is required.' }).trim().min(1, 'planId is required.').max(64),
  method: z.enum(PAYMENT_METHODS, { error: "method must be 'mpesa' or 'card'." }),
  phone: kenyanPhoneSchema.optional(),
});
export type StartPlanPaymentBody = z.infer<typeof startPlanPaymentBodySchema>;

/** `POST /api/payments`: a booking's payment, or a plan's (a body with `planId`). */
export const startPaymentBodySchema = z.union([startPlanPaymentBodySchema, startBookingPaymentBodySchema]);
export type StartAnyPaymentBody = z.infer<typeof startPaymentBodySchema>;

const calendarDaySchema = (label: string) =>
  z.string().refine(isCalendarDay, `${label} must be a date written YYYY-MM-DD.`);

/**
 * `GET /api/payments`: one booking's payments (its parties and admins), or without `booking` the
 * caller's own list: an admin every payment, a planner the payments on their bookings, a client what
 * they paid. `from` / `to` are days in Africa/Nairobi on the payment's start, both included.
 */
export const listPaymentsQuerySchema = pageQuerySchema
  .extend({
    booking: z.uuid('booking must be a booking id.').optional(),
    status: z
      .enum(PAYMENT_STATUSES, { error: 'status must be pending, succeeded, failed, cancelled or expired.' })
      .optional(),
    method: z.enum(PAYMENT_METHODS, { error: "method must be 'mpesa' or 'card'." }).optional(),
    from: calendarDaySchema('from').optional(),
    to: calendarDaySchema('to').optional(),
  })
  .superRefine(refineDayRange);
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>;

const partySchema = z.object({ _id: z.string(), username: z.string() });

/** A payment in a list: the payment, what it was for and who paid whom, and the platform's share. */
export const paymentListItemSchema = paymentSchema
  .extend({
    packageTitle: z.string().nullable(),
    /** A plan's payment: the plan paid for (it has no package, no planner and no fee). */
    planName: z.string().nullable().optional(),
    client: partySchema.nullable(),
    planner: partySchema.nullable(),
    /** The platform's fee on a succeeded payment (PLATFORM_FEE_PERCENT, fixed when it succeeded), Ksh; else 0. */
    fee: z.number(),
    /** What the planner keeps of a succeeded payment: amount minus fee, Ksh; else 0. */
    net: z.number(),
    /** A booking's payment: what is left to pay of that booking now (its `balanceDue`), Ksh. */
    leftToPay: z.number().optional(),
  })
  .meta({ id: 'PaymentListItem' });
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

/**
 * Sums over every succeeded payment the filters select (not only the page shown), Ksh, by one
 * definition shared with Analytics (docs/money.md, Money figures): `received` the succeeded
 * payments before refunds (`bookings` + `plans`), `refunded` what succeeded refunds of them gave back,
 * `fees` the platform's fees on booking payments less fees given back, `net` what planners keep
 * (bookings − refunded − fees), `platformRevenue` fees + plans.
 */
export const paymentSummarySchema = z.object({
  received: z.number(),
  fees: z.number(),
  net: z.number(),
  count: z.number().int(),
  bookings: z.number(),
  plans: z.number(),
  refunded: z.number(),
  platformRevenue: z.number(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const paymentResponseSchema = successWith({ payment: paymentSchema });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/**
 * `GET /api/payments/methods`: the ways of paying this deployment offers now. Both in simulator mode,
 * the ones whose settings are given in live mode, none when payments are off (nobody is asked to pay).
 */
export const paymentMethodsResponseSchema = successWith({
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** The most M-Pesa takes in one payment, Ksh (MPESA_MAX_AMOUNT): a larger amount is paid by card. */
  mpesaMaxAmount: z.number().int().positive(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

export const paymentListResponseSchema = successWith({
  payments: z.array(paymentListItemSchema),
  ...alwaysPageCounts(),
  summary: paymentSummarySchema,
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;
