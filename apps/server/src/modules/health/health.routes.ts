import { healthResponseSchema } from '@sherehe/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', {
    schema: {
      tags: ['health'],
      summary: 'Liveness and database reachability',
      response: { 200: healthResponseSchema, ...errorResponses(503) },
    },
    handler: async (_request, reply) => {
      const health = await checkHealth({ database: app.database });
      reply.header('cache-control', 'no-store');
      return { success: true as const, status: 'ok' as const, ...health };
    },
  });
};
