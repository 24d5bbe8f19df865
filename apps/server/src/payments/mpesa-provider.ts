import { fromCents, isWholeShillings, toCents } from '@sherehe/shared/money';
import { sameSecret } from '../lib/tokens';
import { parseDarajaCallback, type StkOutcome } from './daraja-callbacks';
import type { DarajaClient } from './daraja-client';
import {
  type CallbackRefusal,
  fail,
  type IncomingCallback,
  isValidAmountCents,
  ok,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPaymentState,
  type ProviderResult,
  type RefundInput,
  type StartedPayment,
  type StartedRefund,
  type StartPaymentInput,
} from './provider';

export interface MpesaProviderOptions {
  client: DarajaClient;
  /**
   * The app's callback address, secret segment included: reversal results come there, and each STK
   * push's result to it with the payment's id added (`mpesaPaymentCallbackUrl`).
   */
  callbackUrl: string;
  /** That secret segment, which a callback's path must carry. */
  callbackSecret: string;
}

/**
 * M-Pesa by STK push behind the provider interface. Daraja identifies a push by its
 * CheckoutRequestID (the providerRef) and a payment by its receipt number, which a reversal names.
 * A reversal gives back the whole transaction, so `partialRefunds` is false.
 */
export class MpesaProvider implements PaymentProvider {
  readonly method = 'mpesa' as const;
  readonly partialRefunds = false;

  constructor(private readonly options: MpesaProviderOptions) {}

  async start(input: StartPaymentInput): Promise<ProviderResult<StartedPayment>> {
    if (!input.phone) return fail({ kind: 'invalid_request', message: 'an M-Pesa payment needs a phone' });
    const shillings = wholeShillings(input.amountCents);
    if (shillings === undefined)
      return fail({ kind: 'invalid_request', message: 'M-Pesa takes whole shillings only' });
    const pushed = await this.options.client.stkPush({
      amount: shillings,
      phone: input.phone,
      // Our payment's id in the address: the result finds its payment even if this push's answer (the
      // CheckoutRequestID) never reached us.
      callbackUrl: mpesaPaymentCallbackUrl(this.options.callbackUrl, input.paymentId),
      // Shown on the PIN prompt and in the paybill's statement: enough of our id to find the payment.
      accountReference: input.paymentId.replace(/-/g, '').slice(0, 12).toUpperCase(),
      description: input.label,
    });
    if (!pushed.ok) return pushed;
    return ok({ providerRef: pushed.value.checkoutRequestId });
  }

  async query(providerRef: string): Promise<ProviderResult<ProviderPaymentState>> {
    const answer = await this.options.client.stkQuery(providerRef);
    if (!answer.ok) return answer;
    if (answer.value.state === 'processing') return ok({ status: 'pending' });
    const { kind, resultCode, resultDesc } = answer.value;
    // The query confirms the outcome; the amount and receipt come only with the callback.
    if (kind === 'succeeded') return ok({ status: 'succeeded' });
    return ok(failedState({ kind, resultCode, resultDesc }));
  }

  parseCallback(incoming: IncomingCallback): ProviderResult<ProviderEvent, CallbackRefusal> {
    if (!sameSecret(incoming.pathSecret, this.options.callbackSecret))
      return fail({ reason: 'forged', detail: 'wrong callback path' });
    let body: unknown;
    try {
      body = JSON.parse(incoming.rawBody);
    } catch {
      return fail({ reason: 'malformed', detail: 'the body is not JSON' });
    }
    const parsed = parseDarajaCallback(body);
    if (!parsed.ok) return fail({ reason: 'malformed', detail: parsed.error.detail });
    if (parsed.value.type === 'status') {
      const { result } = parsed.value;
      const detail = `${result.resultCode}: ${result.resultDesc} (${result.transactionStatus ?? 'no status'})`;
      const settled = result.found ? REVERSAL_STATUS[result.transactionStatus ?? ''] : undefined;
      // Not found yet, or still in progress: the next query will tell.
      if (!settled) return ok({ kind: 'ignored', detail });
      return ok({ kind: 'refund', refundRef: result.occasion, status: settled, detail });
    }
    if (parsed.value.type === 'reversal') {
      const { result } = parsed.value;
      return ok({
        kind: 'refund',
        refundRef: result.conversationId,
        status: result.succeeded ? 'succeeded' : 'failed',
        detail: `${result.resultCode}: ${result.resultDesc}`,
      });
    }
    const { callback } = parsed.value;
    const { outcome } = callback;
    return ok({
      kind: 'payment',
      providerRef: callback.checkoutRequestId,
      state:
        outcome.kind === 'succeeded'
          ? {
              status: 'succeeded',
              amountCents: toCents(outcome.amount),
              receipt: outcome.receipt,
              ...(outcome.transactionDate ? { paidAt: outcome.transactionDate } : {}),
            }
          : failedState(outcome),
    });
  }

  async refund(input: RefundInput): Promise<ProviderResult<StartedRefund>> {
    if (!input.receipt)
      return fail({
        kind: 'invalid_request',
        message: 'an M-Pesa reversal needs the receipt number',
      });
    if (input.amountCents !== input.paymentAmountCents)
      return fail({
        kind: 'invalid_request',
        message: 'M-Pesa reverses a whole payment, not a part of it',
      });
    const shillings = wholeShillings(input.amountCents);
    if (shillings === undefined)
      return fail({ kind: 'invalid_request', message: 'M-Pesa takes whole shillings only' });
    const reversed = await this.options.client.reverse({
      receipt: input.receipt,
      amount: shillings,
      resultUrl: this.options.callbackUrl,
      timeoutUrl: this.options.callbackUrl,
      remarks: input.reason,
    });
    if (!reversed.ok) return reversed;
    return ok({ refundRef: reversed.value.conversationId, status: 'pending' });
  }

  /** A reversal's status by its ConversationID; the answer comes to the callback address, tied by its Occasion. */
  async askRefundStatus(refundRef: string): Promise<ProviderResult<void>> {
    const asked = await this.options.client.transactionStatus({
      originalConversationId: refundRef,
      resultUrl: this.options.callbackUrl,
      timeoutUrl: this.options.callbackUrl,
      occasion: refundRef,
      remarks: 'Refund status',
    });
    return asked.ok ? ok(undefined) : asked;
  }
}

/** What Daraja's TransactionStatus of a reversal means for the refund; any other status is not final. */
const REVERSAL_STATUS: Record<string, 'succeeded' | 'failed'> = {
  Completed: 'succeeded',
  Failed: 'failed',
  Declined: 'failed',
  Cancelled: 'failed',
};

/** Where the result of one payment's STK push is posted: the callback address and the payment's id. */
export function mpesaPaymentCallbackUrl(callbackUrl: string, paymentId: string): string {
  return `${callbackUrl}/${encodeURIComponent(paymentId)}`;
}

function wholeShillings(amountCents: number): number | undefined {
  return isValidAmountCents(amountCents) && isWholeShillings(amountCents)
    ? fromCents(amountCents)
    : undefined;
}

function failedState(
  outcome: Exclude<StkOutcome, { kind: 'succeeded' }>,
): Exclude<ProviderPaymentState, { status: 'pending' | 'succeeded' }> {
  const detail = `${outcome.resultCode}: ${outcome.resultDesc}`;
  switch (outcome.kind) {
    case 'cancelled':
      return { status: 'cancelled', reason: 'cancelled_by_user', detail };
    case 'wrong_pin':
      return { status: 'failed', reason: 'wrong_pin', detail };
    case 'insufficient_funds':
      return { status: 'failed', reason: 'insufficient_funds', detail };
    case 'unreachable':
      return { status: 'failed', reason: 'phone_unreachable', detail };
    default:
      return { status: 'failed', reason: 'provider_error', detail };
  }
}
