import { MESSAGES } from '@sherehe/shared/messages';
import { errorBodySchema } from '@sherehe/shared/schemas/common';
import {
  contactBodySchema,
  contactCreatedResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
} from '@sherehe/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddress, routeLimit } from '../../lib/request-limits';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import { presentContactMessage } from './contact.presenter';
import { listContactMessagesPage, sendContactMessage } from './contact.service';

const tags = ['contact'];

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/messages', {
    schema: {
      tags,
      summary: 'Send a message to the Sherehe team (logged-in clients and planners)',
      body: contactBodySchema,
      response: {
        201: contactCreatedResponseSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
        429: errorBodySchema,
      },
    },
    // The specification's client reads errors of this call from `error` as well.
    config: {
      keepsPublicReads: true,
      errorField: true,
      // Per account, counted after requireUser (a guest's refused call counts for nobody).
      rateLimit: {
        ...routeLimit(app.config.limits.contactPerAccount),
        hook: 'preHandler',
        keyGenerator: (request) => request.auth?.user.id ?? clientAddress(request),
      },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const { user, plan } = currentAuth(request);
      const row = await sendContactMessage({ db: app.db, actor: user, plan, input: request.body });
      return reply
        .code(201)
        .send({ success: true, message: MESSAGES.contact.sent, data: presentContactMessage(row) });
    },
  });

  app.get('/api/messages', {
    schema: {
      tags,
      summary: 'Contact messages, newest first (admin)',
      querystring: contactListQuerySchema,
      response: {
        200: contactListResponseSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
      },
    },
    config: { errorField: true },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const { rows, page } = await listContactMessagesPage({ db: app.db, query: request.query });
      return { success: true as const, messages: rows.map(presentContactMessage), ...page };
    },
  });
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error bodies of this route also carry the message as `error` (spec §7, contact). */
    errorField?: boolean;
  }
}
