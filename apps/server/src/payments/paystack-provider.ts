import type { PaystackClient, PaystackTransaction } from './paystack-client';
import {
  type CallbackRefusal,
  fail,
  type IncomingCallback,
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

/**
 * Cards through Paystack's hosted checkout behind the provider interface. Our payment id is the
 * Paystack reference (so the providerRef), and Paystack refunds a part of a payment as well as all.
 */
export class PaystackProvider implements PaymentProvider {
  readonly method = 'card' as const;
  readonly partialRefunds = true;

  /**
   * `voidable`: the client talks to the simulator, whose checkouts can be voided. Live Paystack cannot
   * cancel an initialised transaction, so there `void` answers `not_voidable` without a call.
   */
  constructor(
    private readonly client: PaystackClient,
    private readonly options: { voidable?: boolean } = {},
  ) {}

  async void(providerRef: string): Promise<ProviderResult<'voided' | 'not_voidable'>> {
    if (!this.options.voidable) return ok('not_voidable');
    const voided = await this.client.voidCheckout(providerRef);
    if (!voided.ok) return voided;
    return ok('voided');
  }

  async start(input: StartPaymentInput): Promise<ProviderResult<StartedPayment>> {
    if (!input.email)
      return fail({ kind: 'invalid_request', message: 'a card payment needs an email address' });
    const started = await this.client.initialize({
      email: input.email,
      amountCents: input.amountCents,
      reference: input.paymentId,
      ...(input.returnUrl ? { callbackUrl: input.returnUrl } : {}),
      metadata: { paymentId: input.paymentId, label: input.label },
    });
    if (!started.ok) return started;
    return ok({ providerRef: started.value.reference, checkoutUrl: started.value.authorizationUrl });
  }

  async query(providerRef: string): Promise<ProviderResult<ProviderPaymentState>> {
    const verified = await this.client.verify(providerRef);
    if (!verified.ok) return verified;
    const transaction = verified.value;
    if (transaction.currency !== 'KES')
      return fail({
        kind: 'bad_response',
        message: `Paystack verify: a transaction in ${transaction.currency}, not KES`,
      });
    return ok(stateOf(transaction));
  }

  parseCallback(incoming: IncomingCallback): ProviderResult<ProviderEvent, CallbackRefusal> {
    const parsed = this.client.parseWebhook(incoming.rawBody, incoming.headers['x-paystack-signature']);
    if (!parsed.ok) return parsed;
    const event = parsed.value;
    if (event.type === 'charge') {
      const state = stateOf(event.transaction);
      if (state.status === 'pending' || event.transaction.currency !== 'KES')
        return ok({ kind: 'ignored', detail: `${event.event} (${event.transaction.status})` });
      return ok({ kind: 'payment', providerRef: event.transaction.reference, state });
    }
    if (event.type === 'refund' && (event.event === 'refund.processed' || event.event === 'refund.failed'))
      return ok({
        kind: 'refund',
        refundRef: event.refundId,
        status: event.event === 'refund.processed' ? 'succeeded' : 'failed',
        providerRef: event.transactionReference,
        amountCents: event.amountCents,
        detail: `${event.event} (${event.status})`,
      });
    return ok({ kind: 'ignored', detail: event.event });
  }

  async refund(input: RefundInput): Promise<ProviderResult<StartedRefund>> {
    const refunded = await this.client.refund({
      reference: input.providerRef,
      // Without an amount Paystack refunds the whole transaction.
      ...(input.amountCents === input.paymentAmountCents ? {} : { amountCents: input.amountCents }),
      note: input.reason,
    });
    if (!refunded.ok) return refunded;
    return ok({
      refundRef: refunded.value.refundId,
      status: refunded.value.status === 'processed' ? 'succeeded' : 'pending',
    });
  }
}

function stateOf(transaction: PaystackTransaction): ProviderPaymentState {
  switch (transaction.status) {
    case 'success':
    case 'reversed':
      return {
        status: 'succeeded',
        amountCents: transaction.amountCents,
        receipt: transaction.reference,
        ...(transaction.paidAt ? { paidAt: transaction.paidAt } : {}),
        ...(transaction.status === 'reversed' ? { refunded: true } : {}),
      };
    case 'failed':
      return { status: 'failed', reason: 'declined', detail: transaction.gatewayResponse || 'declined' };
    default:
      // abandoned (the payer may still be on the checkout page), ongoing, pending, processing, queued:
      // not finished; a payment left so too long is expired by the app, not here.
      return { status: 'pending' };
  }
}
