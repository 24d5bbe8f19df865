import { MESSAGES } from '@sherehe/shared/messages';
import { analyticsResponseSchema } from '@sherehe/shared/schemas/analytics';
import { errorBodySchema } from '@sherehe/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { currentAuth, requireUser } from '../../plugins/auth';
import { bookingFigures, packageAndReviewFigures, revenueByMonth, userFigures } from './analytics.queries';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/analytics/overview', {
    schema: {
      tags: ['analytics'],
      summary: "The marketplace's numbers (admin) or a planner's own (plans with analytics)",
      response: { 200: analyticsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const { user, plan } = currentAuth(request);
      if (user.role === 'client') throw new AppError('FORBIDDEN', MESSAGES.analytics.forbidden);
      if (user.role === 'planner' && !plan.analytics) {
        throw new AppError('PLAN_LIMIT', MESSAGES.analytics.upgrade, { upgradePrompt: true });
      }
      const plannerId = user.role === 'admin' ? undefined : user.id;
      const [bookingsPart, months, catalogue, people] = await Promise.all([
        bookingFigures(app.db, plannerId),
        revenueByMonth(app.db, plannerId),
        packageAndReviewFigures(app.db, plannerId),
        plannerId ? Promise.resolve(undefined) : userFigures(app.db),
      ]);
      return {
        success: true as const,
        data: {
          ...bookingsPart,
          ...people,
          ...catalogue,
          revenueByMonth: months,
          scope: plannerId ? ('planner' as const) : ('marketplace' as const),
        },
      };
    },
  });
};
