import {
  type Cents,
  fromCents,
  isWholeShillings,
  percentOfCentsUpToShilling,
  roundUpToShilling,
  toCents,
} from './money';

/**
 * The payment vocabulary server and web share: how a payment is made, and why one did not go through
 * (docs/money.md#payments). The texts people read for each reason are in `messages/payments`.
 */

export const PAYMENT_METHODS = ['mpesa', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a payment is for: a booking's deposit, its balance or a part of it (an instalment), or a paid plan. */
export const PAYMENT_PURPOSES = ['deposit', 'balance', 'plan', 'instalment'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** A payment's life: pending until the provider settles it one way or the other, or it times out. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How much of a booking is paid, derived from its succeeded payments. */
export const BOOKING_PAYMENT_STATUSES = [
  'unpaid',
  'deposit_paid',
  'paid',
  'refunded',
  'partially_refunded',
] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/** A package's deposit share when its planner has not set one, in percent. */
export const DEFAULT_DEPOSIT_PERCENT = 30;

/** The deposit of a price in cents, whole shillings rounded up (M-Pesa carries whole shillings only). */
export function depositCents(priceCents: Cents, depositPercent: number): Cents {
  return percentOfCentsUpToShilling(priceCents, depositPercent);
}

/** The deposit of a price in shillings (a form's), in whole shillings rounded up. */
export function depositAmount(price: number, depositPercent: number): number {
  return fromCents(depositCents(toCents(price), depositPercent));
}

/**
 * Why a payment did not go through, as the providers report it: M-Pesa's result codes 1032
 * (cancelled on the phone), 2001 (wrong PIN), 1 (not enough funds), 1037 (the phone could not be
 * reached); a card the bank declined, a checkout left without paying; anything else.
 */
export const PAYMENT_FAILURE_REASONS = [
  'cancelled_by_user',
  'wrong_pin',
  'insufficient_funds',
  'phone_unreachable',
  'declined',
  'abandoned',
  'provider_error',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** The least a part of the balance (an instalment) may be, unless what is left is less: Ksh 1,000. */
export const MIN_INSTALMENT_CENTS: Cents = 100_000;

/** Why an instalment of `amountCents` cannot be paid now (what is left: `leftCents`), or null when it can. */
export type InstalmentRefusal =
  | 'nothing_left'
  | 'too_small'
  | 'too_large'
  | 'exactly_left'
  | 'whole_shillings';

/**
 * The instalment rule, one for the server and the pay dialog: at least Ksh 1,000 and at most what is
 * left; when less than Ksh 1,000 is left, exactly that. M-Pesa carries whole shillings, so what is left
 * is rounded up to the shilling there (as a balance is) and the amount must be whole shillings.
 */
export function instalmentRefusal(
  amountCents: Cents,
  leftCents: Cents,
  method: PaymentMethod,
): InstalmentRefusal | null {
  if (leftCents <= 0) return 'nothing_left';
  if (method === 'mpesa' && !isWholeShillings(amountCents)) return 'whole_shillings';
  const most = instalmentMostCents(leftCents, method);
  if (amountCents > most) return 'too_large';
  if (most < MIN_INSTALMENT_CENTS) return amountCents === most ? null : 'exactly_left';
  return amountCents < MIN_INSTALMENT_CENTS ? 'too_small' : null;
}

/** The most an instalment may be: what is left (rounded up to the shilling for M-Pesa). */
export function instalmentMostCents(leftCents: Cents, method: PaymentMethod): Cents {
  return method === 'mpesa' ? roundUpToShilling(leftCents) : leftCents;
}

/** The least an instalment may be: Ksh 1,000, or the most when that is less. */
export function instalmentLeastCents(leftCents: Cents, method: PaymentMethod): Cents {
  return Math.min(MIN_INSTALMENT_CENTS, instalmentMostCents(leftCents, method));
}

/** Days before the event by which the balance is due. */
export const BALANCE_DUE_DAYS_BEFORE = 7;

/** What a booking owes and has paid, in the API's shillings. */
export interface BookingMoney {
  depositAmount: number;
  amountPaid: number;
  amountRefunded: number;
  balanceDue: number;
  paymentStatus: BookingPaymentStatus;
  balanceDueOn: string;
}

/** What a booking owes and has paid, derived from its price, deposit share and succeeded payments, in cents. */
export function bookingMoneyFromCents(input: {
  priceCents: Cents;
  depositPercent: number;
  paidCents: Cents;
  /** Given back by succeeded refunds; 0 when absent. */
  refundedCents?: Cents;
  eventDate: string;
  today: string;
}): BookingMoney {
  const { priceCents, paidCents } = input;
  const deposit = depositCents(priceCents, input.depositPercent);
  const dueCents = Math.max(0, priceCents - paidCents);
  const refundedCents = input.refundedCents ?? 0;
  const paymentStatus: BookingPaymentStatus =
    refundedCents > 0
      ? refundedCents >= paidCents
        ? 'refunded'
        : 'partially_refunded'
      : dueCents === 0 && paidCents > 0
        ? 'paid'
        : paidCents > 0 && paidCents >= deposit
          ? 'deposit_paid'
          : 'unpaid';
  const due = new Date(`${input.eventDate}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() - BALANCE_DUE_DAYS_BEFORE);
  const dueDay = due.toISOString().slice(0, 10);
  return {
    depositAmount: fromCents(deposit),
    amountPaid: fromCents(paidCents),
    amountRefunded: fromCents(refundedCents),
    balanceDue: fromCents(dueCents),
    paymentStatus,
    balanceDueOn: dueDay < input.today ? input.today : dueDay,
  };
}

/** The same from amounts in shillings. */
export function bookingMoney(input: {
  price: number;
  depositPercent: number;
  amountPaid: number;
  /** Ksh given back by succeeded refunds; 0 when absent. */
  amountRefunded?: number;
  eventDate: string;
  today: string;
}): BookingMoney {
  return bookingMoneyFromCents({
    priceCents: toCents(input.price),
    depositPercent: input.depositPercent,
    paidCents: toCents(input.amountPaid),
    refundedCents: toCents(input.amountRefunded ?? 0),
    eventDate: input.eventDate,
    today: input.today,
  });
}

/**
 * Whether a succeeded payment's receipt only stands in for M-Pesa's receipt number: Daraja's status
 * query names none, so a success it counted (the reconcile job, an admin's check) keeps the
 * CheckoutRequestID (or our id) as its receipt until Daraja's callback brings the number (decision
 * 016). A card payment's receipt is Paystack's reference, which is our id by design: never a stand-in.
 */
export function receiptStandsIn(payment: {
  id: string;
  method: PaymentMethod;
  status: PaymentStatus;
  receipt: string | null;
  providerRef: string | null;
}): boolean {
  return (
    payment.method === 'mpesa' &&
    // An expired payment with a receipt succeeded late and is being refunded: its reversal waits too.
    (payment.status === 'succeeded' || payment.status === 'expired') &&
    payment.receipt !== null &&
    (payment.receipt === payment.providerRef || payment.receipt === payment.id)
  );
}
