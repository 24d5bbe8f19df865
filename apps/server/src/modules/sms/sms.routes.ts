import { MESSAGES } from '@sherehe/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseCallback } from '../../lib/provider-callbacks';
import { sameSecret } from '../../lib/tokens';
import { errorResponses } from '../../plugins/errors';
import { parseDeliveryReport, parseInboundMessage } from '../../sms/africas-talking-callbacks';
import { receiveDeliveryReport, receiveInboundMessage } from './sms.service';

const tags = ['sms'];
const CALLBACK_BODY_LIMIT = 16 * 1024;

/**
 * Africa's Talking's calls to the app (docs/notifications.md#sms), form-encoded, each at an address
 * ending in AT_CALLBACK_SECRET (it signs nothing): delivery reports and incoming messages. Guarded as
 * the payment callbacks are: a wrong secret is refused (403) and counted against its address, a body
 * not understood is a 400, and nothing is changed by either.
 */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.sms.africasTalking?.callbackSecret;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    const refuse = (request: FastifyRequest, reply: FastifyReply, reason: 'forged' | 'malformed') =>
      refuseCallback(app, request, reply, {
        reason,
        counter: 'sms-callbacks-forged',
        forged: MESSAGES.sms.callbackForged,
        malformed: MESSAGES.sms.callbackNotUnderstood,
      });
    const bodyOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
    const answers = { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 403, 429) };
    const params = z.object({ secret: z.string().max(200) });

    scope.post('/api/sms/delivery-reports/:secret', {
      config: { keepsPublicReads: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Africa's Talking's delivery reports (form-encoded, at a secret path)",
        description:
          'Marks one of our messages delivered or failed by its Africa’s Talking id; interim states (Buffered, Sent, Submitted) and unknown ids change nothing. The address is set in Africa’s Talking’s dashboard with AT_CALLBACK_SECRET as its last segment.',
        params,
        response: answers,
      },
      handler: async (request, reply) => {
        if (!sameSecret((request.params as { secret: string }).secret, secret))
          return refuse(request, reply, 'forged');
        const report = parseDeliveryReport(bodyOf(request));
        if (!report.ok) return refuse(request, reply, 'malformed');
        const known = await receiveDeliveryReport(app.db, app.jobs, report.value);
        app.log.info({ status: report.value.status, known }, 'sms: delivery report received');
        return { success: true as const };
      },
    });

    scope.post('/api/sms/inbound/:secret', {
      config: { keepsPublicReads: true },
      bodyLimit: CALLBACK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Africa's Talking's incoming messages (form-encoded, at a secret path)",
        description:
          'A reply of STOP or STOPALL (any case) records that the number wants no more SMS; anything else is only logged. The address is set in Africa’s Talking’s dashboard with AT_CALLBACK_SECRET as its last segment.',
        params,
        response: answers,
      },
      handler: async (request, reply) => {
        if (!sameSecret((request.params as { secret: string }).secret, secret))
          return refuse(request, reply, 'forged');
        const message = parseInboundMessage(bodyOf(request));
        if (!message.ok) return refuse(request, reply, 'malformed');
        const outcome = await receiveInboundMessage(app.db, message.value, app.log);
        app.log.info({ outcome }, 'sms: incoming message received');
        return { success: true as const };
      },
    });
  });
};
