import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AfricasTalkingSettings } from '../../config';
import { sameSecret } from '../../lib/tokens';
import type { Outbound } from '../../payments/simulator/outbound';
import { SIM_ROUTE } from '../../payments/simulator/route-options';
import { AT_STATUS } from '../africas-talking-client';

/** What tests may change or read in the SMS simulator (`app.smsSimulator`). */
export interface SmsSimulatorControls {
  /** Where delivery reports go (the app's own address by default; a test may point it elsewhere). */
  deliveryReportUrl: string;
  /** Where incoming messages go. */
  inboundUrl: string;
  /** How long after a send its delivery report is posted. */
  deliveryDelayMs: number;
  /** While true every send is answered 503, as when Africa's Talking is down (`POST /__sim/sms/outage`). */
  outage: boolean;
}

/** One message the simulator took, as the outbox lists it. */
export interface SimulatedSms {
  /** `2547XXXXXXXX`, without the `+`. */
  to: string;
  message: string;
  /** When it was taken, ISO 8601. */
  at: string;
  messageId: string;
  from: string | undefined;
}

/** The outbox keeps this many messages, the oldest dropped first. */
export const OUTBOX_SIZE = 1000;

/**
 * What a number's last four digits make of a send (docs/notifications.md#the-sms-simulator): a
 * refusal of the recipient (final or worth retrying), or a message taken whose delivery fails.
 */
const REFUSAL_BY_SUFFIX: Record<string, { statusCode: number; status: string }> = {
  '0406': { statusCode: AT_STATUS.userInBlacklist, status: 'UserInBlacklist' },
  '0500': { statusCode: AT_STATUS.internalServerError, status: 'InternalServerError' },
};
const UNDELIVERED_SUFFIX = '0001';

const NUMBER = /^\+254[17]\d{8}$/;
/** Safaricom's network code, which Africa's Talking puts in its reports. */
const SAFARICOM = '63902';
const COST = 'KES 0.8000';

const sendSchema = z.object({
  username: z.string(),
  to: z.string(),
  message: z.string(),
  from: z.string().optional(),
});
const inboundSchema = z.object({
  from: z.string().regex(/^\+?254[17]\d{8}$/),
  text: z.string().max(2000),
});

/** Africa's Talking's date in its callbacks: `YYYY-MM-DD HH:mm:ss`, UTC. */
function atDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Africa's Talking's SMS API, imitated: sends checked as it checks them (the `apiKey` header and the
 * username, the number), answered in its JSON shape, kept in a bounded outbox, their delivery
 * reports posted to the app after a delay; plus the simulator's own controls (the outbox, an outage,
 * an incoming message). State lives in memory: it stands for someone else's service.
 */
export function smsSimulator(
  settings: AfricasTalkingSettings,
  controls: SmsSimulatorControls,
  outbound: Outbound,
) {
  const outbox: SimulatedSms[] = [];

  const refuseAuth = (reply: FastifyReply) =>
    reply.code(401).type('text/plain').send('The supplied authentication is invalid');

  async function postDeliveryReport(sms: SimulatedSms) {
    const failed = sms.to.endsWith(UNDELIVERED_SUFFIX);
    const report = new URLSearchParams({
      id: sms.messageId,
      status: failed ? 'Failed' : 'Success',
      phoneNumber: `+${sms.to}`,
      networkCode: SAFARICOM,
      retryCount: '0',
      ...(failed ? { failureReason: 'AbsentSubscriber' } : {}),
    });
    await outbound.post(
      `the delivery report for ${sms.messageId}`,
      controls.deliveryReportUrl,
      report.toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
  }

  return async function smsRoutes(app: FastifyInstance) {
    // Africa's Talking takes its requests form-encoded.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post('/version1/messaging', SIM_ROUTE, async (request, reply) => {
      const apiKey = request.headers.apikey;
      const parsed = sendSchema.safeParse(request.body);
      if (
        typeof apiKey !== 'string' ||
        !sameSecret(apiKey, settings.apiKey) ||
        !parsed.success ||
        parsed.data.username !== settings.username
      )
        return refuseAuth(reply);
      if (controls.outage) return reply.code(503).type('text/plain').send('Service Unavailable');
      const { to, message, from } = parsed.data;
      if (message === '') return reply.code(400).type('text/plain').send('Invalid message');
      const refusal = NUMBER.test(to)
        ? REFUSAL_BY_SUFFIX[to.slice(-4)]
        : { statusCode: AT_STATUS.invalidPhoneNumber, status: 'InvalidPhoneNumber' };
      if (refusal)
        return reply.code(201).send({
          SMSMessageData: {
            Message: 'Sent to 0/1 Total Cost: 0',
            Recipients: [{ ...refusal, number: to, cost: '0', messageId: 'None' }],
          },
        });
      const sms: SimulatedSms = {
        to: to.slice(1),
        message,
        at: new Date().toISOString(),
        messageId: `ATXid_${randomUUID().replace(/-/g, '')}`,
        from,
      };
      outbox.push(sms);
      if (outbox.length > OUTBOX_SIZE) outbox.splice(0, outbox.length - OUTBOX_SIZE);
      outbound.later(controls.deliveryDelayMs, () => postDeliveryReport(sms));
      return reply.code(201).send({
        SMSMessageData: {
          Message: `Sent to 1/1 Total Cost: ${COST}`,
          Recipients: [
            {
              statusCode: AT_STATUS.sent,
              number: to,
              status: 'Success',
              cost: COST,
              messageId: sms.messageId,
            },
          ],
        },
      });
    });

    // The simulator's own: what was sent, to one number (written without the +) or to all.
    app.get('/outbox', SIM_ROUTE, async (request) => {
      const to = (request.query as { to?: unknown }).to;
      const wanted = typeof to === 'string' ? to.replace(/^\+/, '').trim() : undefined;
      return {
        messages: outbox
          .filter((sms) => wanted === undefined || sms.to === wanted)
          .map(({ to: number, message, at }) => ({ to: number, message, at })),
      };
    });

    // Africa's Talking down (503 to every send) until switched off again.
    app.post('/outage', SIM_ROUTE, async (request, reply) => {
      const parsed = z.object({ on: z.boolean() }).safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'send { "on": true } or { "on": false }' });
      controls.outage = parsed.data.on;
      return { on: controls.outage };
    });

    // A person's reply (STOP, say), posted to the app's inbound address as Africa's Talking would.
    app.post('/inbound', SIM_ROUTE, async (request, reply) => {
      const parsed = inboundSchema.safeParse(request.body);
      if (!parsed.success)
        return reply.code(400).send({ error: 'send { "from": "2547XXXXXXXX", "text": "STOP" }' });
      const form = new URLSearchParams({
        from: `+${parsed.data.from.replace(/^\+/, '')}`,
        to: settings.senderId ?? '20880',
        text: parsed.data.text,
        date: atDate(new Date()),
        id: randomUUID(),
        linkId: '',
        networkCode: SAFARICOM,
      });
      const delivered = await outbound.post('an incoming message', controls.inboundUrl, form.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      return { delivered };
    });
  };
}
