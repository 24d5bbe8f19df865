import { planPriceKes } from '@sherehe/shared/plans';
import { plansResponseSchema } from '@sherehe/shared/schemas/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerPlanJobs } from './plan-periods.service';
import { presentPlan } from './plans.presenter';
import { getPlans } from './plans.service';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  // The end of paid periods and their reminders (DESIGN §7, Paid plans).
  registerPlanJobs({
    db: app.db,
    jobs: app.jobs,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log: app.log,
  });

  app.get('/api/plans', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: { tags: ['plans'], summary: 'The subscription plans', response: { 200: plansResponseSchema } },
    handler: async (_request, reply) => {
      const rows = await getPlans({ db: app.db });
      reply.header('cache-control', 'public, max-age=60');
      const kesPerUsd = app.config.payments.mode === 'off' ? null : app.config.payments.planKesPerUsd;
      return {
        success: true as const,
        plans: rows.map((row) => ({
          ...presentPlan(row),
          ...(kesPerUsd !== null && row.price > 0 ? { priceKes: planPriceKes(row.price, kesPerUsd) } : {}),
        })),
      };
    },
  });
};
