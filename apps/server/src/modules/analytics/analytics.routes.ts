import { analyticsResponseSchema } from '@sherehe/shared/schemas/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { presentAnalytics } from './analytics.presenter';
import { getAnalyticsOverview } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/analytics/overview', {
    schema: {
      tags: ['analytics'],
      summary: "The marketplace's numbers (admin) or a planner's own (plans with analytics)",
      response: { 200: analyticsResponseSchema, ...errorResponses(401, 403) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const { user, plan } = currentAuth(request);
      const figures = await getAnalyticsOverview({ db: app.db, actor: user, plan });
      return { success: true as const, data: presentAnalytics(figures) };
    },
  });
};
