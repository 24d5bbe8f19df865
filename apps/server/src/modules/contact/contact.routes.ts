import { MESSAGES } from '@sherehe/shared/messages';
import {
  answerContactBodySchema,
  contactBodySchema,
  contactCreatedResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactMessageParamsSchema,
  contactMessageResponseSchema,
  markContactHandledBodySchema,
} from '@sherehe/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddress, routeLimit } from '../../lib/request-limits';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { auditContext } from '../audit';
import { presentContactMessage } from './contact.presenter';
import {
  answerContactMessageByMail,
  listContactMessagesPage,
  markContactMessageHandled,
  sendContactMessage,
} from './contact.service';

const tags = ['contact'];

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/messages', {
    schema: {
      tags,
      summary: 'Send a message to the Sherehe team (logged-in clients and planners)',
      body: contactBodySchema,
      response: {
        201: contactCreatedResponseSchema,
        ...errorResponses(400, 401, 403, 429),
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
        ...errorResponses(400, 401, 403),
      },
    },
    config: { errorField: true },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const { rows, page } = await listContactMessagesPage({ db: app.db, query: request.query });
      return { success: true as const, messages: rows.map(presentContactMessage), ...page };
    },
  });

  app.patch('/api/messages/:id', {
    schema: {
      tags,
      summary: 'Mark a contact message handled without answering it (admin)',
      params: contactMessageParamsSchema,
      body: markContactHandledBodySchema,
      response: {
        200: contactMessageResponseSchema,
        ...errorResponses(400, 401, 403, 404),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const { user } = currentAuth(request);
      const row = await markContactMessageHandled({
        db: app.db,
        actor: user,
        id: request.params.id,
        audit: auditContext(request),
      });
      return {
        success: true as const,
        message: MESSAGES.contact.markedHandled,
        data: presentContactMessage(row),
      };
    },
  });

  app.post('/api/messages/:id/answer', {
    schema: {
      tags,
      summary: 'Answer a contact message by email; it is then handled (admin)',
      params: contactMessageParamsSchema,
      body: answerContactBodySchema,
      response: {
        200: contactMessageResponseSchema,
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const { user } = currentAuth(request);
      const row = await answerContactMessageByMail({
        db: app.db,
        jobs: app.jobs,
        actor: user,
        id: request.params.id,
        input: request.body,
        audit: auditContext(request),
      });
      return {
        success: true as const,
        message: MESSAGES.contact.answerSent,
        data: presentContactMessage(row),
      };
    },
  });
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error bodies of this route also carry the message as `error` (docs/product-spec.md#calls-and-answers). */
    errorField?: boolean;
  }
}
