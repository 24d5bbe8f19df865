import { MESSAGES } from '@sherehe/shared/messages';
import { errorBodySchema } from '@sherehe/shared/schemas/common';
import {
  type ContactMessage,
  contactBodySchema,
  contactCreatedResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
} from '@sherehe/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { clientAddress, routeLimit } from '../../lib/request-limits';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import {
  type ContactRow,
  countContactMessages,
  insertContactMessage,
  listContactMessages,
} from './contact.queries';

const tags = ['contact'];

function present(row: ContactRow): ContactMessage {
  return {
    _id: row.message.id,
    name: row.message.name,
    email: row.message.email,
    message: row.message.message,
    priority: row.message.priority,
    user: row.user ? { _id: row.user.id, username: row.user.username, role: row.user.role } : null,
    createdAt: row.message.createdAt.toISOString(),
  };
}

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
      if (user.role === 'admin') throw new AppError('FORBIDDEN', MESSAGES.contact.adminsRefused);
      const row = await insertContactMessage(app.db, {
        ...request.body,
        userId: user.id,
        priority: plan.prioritySupport,
      });
      return reply.code(201).send({
        success: true,
        message: MESSAGES.contact.sent,
        data: present({ message: row, user: { id: user.id, username: user.username, role: user.role } }),
      });
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
      const { page, limit } = request.query;
      const paged = page !== undefined || limit !== undefined;
      const size = paged ? (limit ?? 20) : 1000;
      const current = page ?? 1;
      const [rows, total] = await Promise.all([
        listContactMessages(app.db, { limit: size, offset: (current - 1) * size }),
        paged ? countContactMessages(app.db) : Promise.resolve(undefined),
      ]);
      return {
        success: true as const,
        messages: rows.map(present),
        ...(total !== undefined && { total, page: current, pages: Math.max(1, Math.ceil(total / size)) }),
      };
    },
  });
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error bodies of this route also carry the message as `error` (spec §7, contact). */
    errorField?: boolean;
  }
}
