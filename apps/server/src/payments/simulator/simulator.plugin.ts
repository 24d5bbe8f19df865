import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paystackWebhookUrl } from '../providers';
import { type DarajaSimulatorControls, darajaSimulator } from './daraja-simulator';
import { Outbound } from './outbound';
import { type PaystackSimulatorControls, paystackSimulator } from './paystack-simulator';

export interface PaymentSimulator {
  daraja: DarajaSimulatorControls;
  paystack: PaystackSimulatorControls;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment simulator's controls (simulator mode only), for tests to shorten its waits. */
    paymentSimulator?: PaymentSimulator;
  }
}

/** Where the simulator is mounted; the clients' default base URLs in simulator mode point here. */
export const SIMULATOR_PREFIX = '/__sim';

/**
 * Daraja and Paystack imitated over HTTP, on this server, so that a payment works end to end on a
 * laptop and the tests drive the real clients (docs/money.md#the-payment-simulator). Mounted
 * in simulator mode only, which the configuration refuses in production; refused here again, so no
 * other path can mount it there. Its routes are not the API: hidden from the OpenAPI document.
 */
export const paymentSimulatorPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const { mpesa, card, simCallbackDelayMs } = config.payments;
  if (config.payments.mode !== 'simulator' || config.isProduction || !mpesa || !card)
    throw new Error('the payment simulator runs only in PAYMENTS_MODE=simulator, never in production');

  const outbound = new Outbound(app.log);
  app.addHook('onClose', async () => outbound.close());
  const simulator: PaymentSimulator = {
    daraja: {
      tokenTtlSeconds: 3599,
      callbackDelayMs: simCallbackDelayMs,
      unreachableAfterMs: simCallbackDelayMs * 2,
      dropReversalResults: false,
      tokensIssued: 0,
      revokeTokens: () => {},
      receiptOf: () => undefined,
    },
    paystack: { webhookUrl: paystackWebhookUrl(config.publicUrl), refundDelayMs: simCallbackDelayMs },
  };
  app.decorate('paymentSimulator', simulator);

  const daraja = darajaSimulator(mpesa, simulator.daraja, outbound);
  const paystack = paystackSimulator(card, simulator.paystack, outbound);
  await app.register(
    async (sim) => {
      sim.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await sim.register(daraja, { prefix: '/daraja' });
      await sim.register(paystack, { prefix: '/paystack' });
    },
    { prefix: SIMULATOR_PREFIX },
  );
  app.log.info(
    `payments: simulator at ${config.publicUrl}${SIMULATOR_PREFIX} (no money moves; M-Pesa outcome by the phone's last four digits)`,
  );
});
