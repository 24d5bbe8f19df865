import { errorBodySchema } from '@sherehe/shared/schemas/common';
import { unreadSummarySchema } from '@sherehe/shared/socket-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireUser } from '../../plugins/auth';
import { unreadByBooking } from './chat.queries';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/chat/unread', {
    schema: {
      tags: ['chat'],
      summary: 'Unread chat messages to the signed-in user, in all and per booking',
      response: { 200: unreadSummarySchema, 401: errorBodySchema },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const byBooking = await unreadByBooking(app.db, auth.user.id);
      const total = Object.values(byBooking).reduce((sum, n) => sum + n, 0);
      return { success: true as const, total, byBooking };
    },
  });
};
