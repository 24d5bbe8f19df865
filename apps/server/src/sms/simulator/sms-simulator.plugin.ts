import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackUrl } from '../../config';
import { Outbound } from '../../payments/simulator/outbound';
import { smsDeliveryReportUrl, smsInboundUrl } from '../callback-urls';
import { type SmsSimulatorControls, smsSimulator } from './sms-simulator';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS simulator's controls (SMS_MODE=simulator only), for tests. */
    smsSimulator?: SmsSimulatorControls;
  }
}

/** Where the SMS simulator is mounted; AT_BASE_URL's default in simulator mode points here. */
export const SMS_SIMULATOR_PREFIX = '/__sim/sms';

/**
 * Africa's Talking imitated over HTTP, on this server, so that an SMS is sent and shown on a laptop
 * and the tests drive the real client (docs/notifications.md#the-sms-simulator). Mounted in
 * SMS_MODE=simulator only, which the configuration refuses in production; refused here again.
 * Its routes are not the API: hidden from the OpenAPI document.
 */
export const smsSimulatorPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const settings = config.sms.africasTalking;
  if (config.sms.mode !== 'simulator' || config.isProduction || !settings)
    throw new Error('the SMS simulator runs only in SMS_MODE=simulator, never in production');

  const outbound = new Outbound(app.log, 'SMS simulator');
  app.addHook('onClose', async () => outbound.close());
  const controls: SmsSimulatorControls = {
    deliveryReportUrl: smsDeliveryReportUrl(config.publicUrl, settings.callbackSecret),
    inboundUrl: smsInboundUrl(config.publicUrl, settings.callbackSecret),
    deliveryDelayMs: config.sms.simDeliveryDelayMs,
    outage: false,
  };
  app.decorate('smsSimulator', controls);
  await app.register(
    async (sim) => {
      sim.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await sim.register(smsSimulator(settings, controls, outbound));
    },
    { prefix: SMS_SIMULATOR_PREFIX },
  );
  // Its outbox shows every message (codes included) to whoever asks: said aloud away from this machine.
  if (!isLoopbackUrl(config.publicUrl))
    app.log.warn(
      `sms: SIMULATOR at ${config.publicUrl}${SMS_SIMULATOR_PREFIX}: no SMS reaches a phone, and anyone who can reach this server can read every message at ${SMS_SIMULATOR_PREFIX}/outbox; set SMS_MODE=live (or off)`,
    );
  app.log.info(
    `sms: simulator at ${config.publicUrl}${SMS_SIMULATOR_PREFIX} (nothing reaches a phone; outbox at ${SMS_SIMULATOR_PREFIX}/outbox)`,
  );
});
