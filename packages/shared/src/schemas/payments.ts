import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '../payments';
import { kenyanPhoneSchema } from '../phone';

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
    /** Card: the checkout page to send the payer to. */
    checkoutUrl: z.string().optional(),
    booking: z.string().optional(),
    planId: z.string().optional(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const startPaymentBodySchema = z.object({
  bookingId: z.uuid('bookingId must be a booking id.'),
  purpose: z.enum(['deposit', 'balance'], { error: "purpose must be 'deposit' or 'balance'." }),
  method: z.enum(PAYMENT_METHODS, { error: "method must be 'mpesa' or 'card'." }),
  /** M-Pesa: the phone that gets the PIN prompt; the payer's profile phone when absent. */
  phone: kenyanPhoneSchema.optional(),
});
export type StartPaymentBody = z.infer<typeof startPaymentBodySchema>;

export const listPaymentsQuerySchema = z.object({
  booking: z.uuid('booking must be a booking id.'),
});

export const paymentResponseSchema = z.object({ success: z.literal(true), payment: paymentSchema });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

export const paymentListResponseSchema = z.object({
  success: z.literal(true),
  payments: z.array(paymentSchema),
});
