import type { PaymentMethod } from '@sherehe/shared/payments';
import type { PaymentsConfig } from '../config';
import { DarajaClient } from './daraja-client';
import { MpesaProvider } from './mpesa-provider';
import { PaystackClient } from './paystack-client';
import { PaystackProvider } from './paystack-provider';
import type { PaymentProvider } from './provider';

/**
 * Where Daraja posts results: a secret segment, so only Daraja (who was told it) can post there. An STK
 * push adds the payment's id after it (`mpesaPaymentCallbackUrl`); reversal results come here as it is.
 */
export function mpesaCallbackUrl(publicUrl: string, callbackSecret: string): string {
  return `${publicUrl}/api/payments/mpesa/callback/${callbackSecret}`;
}

/** Where Paystack posts webhooks (set once in Paystack's dashboard; the simulator posts here too). */
export function paystackWebhookUrl(publicUrl: string): string {
  return `${publicUrl}/api/payments/paystack/webhook`;
}

export type PaymentProviders = Partial<Record<PaymentMethod, PaymentProvider>>;

/**
 * The providers this deployment has: none when payments are off, each one whose settings are there in
 * live mode, both (talking to the simulator) in simulator mode.
 */
export function createPaymentProviders(
  payments: PaymentsConfig,
  options: { publicUrl: string; now?: () => Date },
): PaymentProviders {
  const providers: PaymentProviders = {};
  if (payments.mpesa) {
    const { callbackSecret, ...settings } = payments.mpesa;
    providers.mpesa = new MpesaProvider({
      client: new DarajaClient({ ...settings, ...(options.now ? { now: options.now } : {}) }),
      callbackUrl: mpesaCallbackUrl(options.publicUrl, callbackSecret),
      callbackSecret,
    });
  }
  if (payments.card)
    providers.card = new PaystackProvider(new PaystackClient(payments.card), {
      // Only the simulator's checkouts can be voided (Paystack has no such call).
      voidable: payments.mode === 'simulator',
    });
  return providers;
}
