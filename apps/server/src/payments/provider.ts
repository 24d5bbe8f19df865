import type { PaymentFailureReason, PaymentMethod } from '@sherehe/shared/payments';

/**
 * Every payment gateway behind one interface (docs/money.md#payment-providers): M-Pesa by
 * STK push (`mpesa-provider.ts`) and cards through Paystack's checkout (`paystack-provider.ts`). The
 * payment service speaks only this; the simulator stands behind both in development.
 *
 * Money crosses this interface as integer KES cents, never as a float. M-Pesa moves whole shillings
 * only: an amount with cents is refused by its provider before anything is sent.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** Whether `refund` may return less than the whole payment (an M-Pesa reversal cannot). */
  readonly partialRefunds: boolean;
  /**
   * Asks the provider to take a payment: the PIN prompt on the phone, or a checkout page to send the
   * payer to. An error whose outcome is unknown (`outcomeUnknown`) must be followed by `query`, never
   * by a second `start`: the first may have reached the phone.
   */
  start(input: StartPaymentInput): Promise<ProviderResult<StartedPayment>>;
  /** What the provider knows of a payment now, by the `providerRef` that `start` returned. */
  query(providerRef: string): Promise<ProviderResult<ProviderPaymentState>>;
  /**
   * Checks that a callback or webhook is the provider's (secret path, signature) and reads it. It
   * says what the provider claims; the caller confirms a success with `query` before counting money.
   */
  parseCallback(incoming: IncomingCallback): ProviderResult<ProviderEvent, CallbackRefusal>;
  /**
   * Stops a checkout we have given up on (expired) from being paid. `voided`: the provider confirms
   * it can no longer be paid; `not_voidable`: the provider has no such call, so it may still be paid
   * and a late success is counted or refunded when it comes (docs/money.md#late-payments).
   * Live Paystack has no call that cancels an initialised transaction, so its provider answers
   * `not_voidable`; only the simulator's checkout is voided. M-Pesa leaves it out: the PIN prompt
   * closes on the phone by itself, and only the status query or the callback gives the last word.
   */
  void?(providerRef: string): Promise<ProviderResult<'voided' | 'not_voidable'>>;
  /** Gives money back through the provider that took it. The outcome may arrive later as a callback. */
  refund(input: RefundInput): Promise<ProviderResult<StartedRefund>>;
  /**
   * Asks where a refund stands, by the `refundRef` that `refund` returned, when its outcome has not
   * come: M-Pesa's Transaction Status query, whose answer arrives later as a callback (a `refund`
   * event). Providers whose `query` already tells a refunded payment leave it out.
   */
  askRefundStatus?(refundRef: string): Promise<ProviderResult<void>>;
}

export interface StartPaymentInput {
  /** Our payment's id: Paystack's transaction reference (its idempotency key for a checkout). */
  paymentId: string;
  /** KES cents, a positive integer; whole shillings for M-Pesa. */
  amountCents: number;
  /** A few words the payer sees with the request, e.g. "Deposit"; shortened to what the provider allows. */
  label: string;
  /** M-Pesa: the phone that gets the PIN prompt, `2547XXXXXXXX` or `2541XXXXXXXX` (`@sherehe/shared/phone`). */
  phone?: string;
  /** Card: the payer's email address (Paystack requires one). */
  email?: string;
  /** Card: where the checkout sends the payer back, with `?reference=` added. */
  returnUrl?: string;
}

export interface StartedPayment {
  /**
   * The provider's name for this attempt: Daraja's CheckoutRequestID, Paystack's reference. Callbacks
   * and queries name it, so it deserves a unique key.
   */
  providerRef: string;
  /** Card: the hosted checkout page to send the payer to. */
  checkoutUrl?: string;
}

/** What a provider knows of one payment. */
export type ProviderPaymentState =
  /** Still with the payer or the provider (PIN prompt open, checkout not finished). */
  | { status: 'pending' }
  /**
   * Paid. Amount and receipt come with a callback and with Paystack's verify; Daraja's status query
   * confirms the outcome only, so there they are absent. `refunded`: Paystack has since given it back.
   */
  | { status: 'succeeded'; amountCents?: number; receipt?: string; paidAt?: Date; refunded?: boolean }
  /** `cancelled` when the payer said no on the phone; `failed` for every other reason. */
  | { status: 'failed' | 'cancelled'; reason: PaymentFailureReason; detail: string };

/** A callback or webhook as the route received it. Signatures cover the exact bytes, so never re-serialised JSON. */
export interface IncomingCallback {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /** The secret last segment of the M-Pesa callback address. */
  pathSecret?: string;
}

/** What an authentic callback says. */
export type ProviderEvent =
  | {
      kind: 'payment';
      providerRef: string;
      state: Exclude<ProviderPaymentState, { status: 'pending' }>;
    }
  | {
      kind: 'refund';
      /** As `refund` returned it. */
      refundRef: string;
      status: 'succeeded' | 'failed';
      /** The refunded payment's providerRef, when the provider says it (Paystack does). */
      providerRef?: string;
      amountCents?: number;
      detail: string;
    }
  /** Authentic, but nothing a payment cares about (another Paystack event type). */
  | { kind: 'ignored'; detail: string };

export interface CallbackRefusal {
  /** `forged`: wrong path secret or signature; `malformed`: authentic but not understood. */
  reason: 'forged' | 'malformed';
  detail: string;
}

export interface RefundInput {
  /** The payment's providerRef. */
  providerRef: string;
  /** M-Pesa: the receipt number (MpesaReceiptNumber) of the payment, which the reversal names. */
  receipt?: string;
  /** KES cents to give back; the whole payment where `partialRefunds` is false. */
  amountCents: number;
  /** The whole payment, in KES cents. */
  paymentAmountCents: number;
  /** Why, in a few words (kept by the provider with the refund). */
  reason: string;
}

export interface StartedRefund {
  /** The provider's name for the refund; its outcome callback names it (kind `refund`). */
  refundRef: string;
  /** Refunds are asynchronous at both providers: `pending` until the callback. */
  status: 'pending' | 'succeeded';
}

/** Errors are values: a provider call never throws for anything the network or the provider does. */
export type ProviderResult<T, E = ProviderError> = { ok: true; value: T } | { ok: false; error: E };

export interface ProviderError {
  kind: /** No answer in time: the request may or may not have been acted on. */
    | 'timeout'
    /** The connection failed (refused, reset, DNS): it may have been sent. */
    | 'network'
    /** The provider failed (5xx, or throttled): it may have acted. */
    | 'unavailable'
    /** An answer that is not what the provider documents. */
    | 'bad_response'
    /** Our credentials were refused. */
    | 'auth'
    /** The provider refused the request as it was (4xx): nothing was done. */
    | 'rejected'
    /** Refused before sending: an amount that is not a positive integer, a missing phone. */
    | 'invalid_request'
    /** This deployment lacks a setting the call needs (M-Pesa refunds without an initiator). */
    | 'not_configured';
  message: string;
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** The provider's own error code (`400.002.02`, …), when it gave one. */
  code?: string;
}

/** Whether the provider may have acted although the call failed, so a query must come before any retry. */
export function outcomeUnknown(error: ProviderError): boolean {
  return (
    error.kind === 'timeout' ||
    error.kind === 'network' ||
    error.kind === 'unavailable' ||
    error.kind === 'bad_response'
  );
}

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <E = ProviderError>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** A positive whole number of cents that a provider can carry. */
export function isValidAmountCents(amountCents: number): boolean {
  return Number.isSafeInteger(amountCents) && amountCents > 0;
}
