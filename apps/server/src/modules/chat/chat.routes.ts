import { unreadSummarySchema } from '@sherehe/shared/socket-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { getUnreadSummary } from './chat.service';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/chat/unread', {
    schema: {
      tags: ['chat'],
      summary: 'Unread chat messages to the signed-in user, in all and per booking',
      response: { 200: unreadSummarySchema, ...errorResponses(401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const summary = await getUnreadSummary({ db: app.db, actor: auth.user });
      return { success: true as const, ...summary };
    },
  });
};
