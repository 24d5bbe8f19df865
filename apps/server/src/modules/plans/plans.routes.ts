import { fromCents } from '@sherehe/shared/money';
import { planPriceKesCents } from '@sherehe/shared/plans';
import { plansResponseSchema } from '@sherehe/shared/schemas/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentPlan } from './plans.presenter';
import { getPlans } from './plans.service';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
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
          ...(kesPerUsd !== null && row.priceCents > 0
            ? { priceKes: fromCents(planPriceKesCents(row.priceCents, kesPerUsd)) }
            : {}),
        })),
      };
    },
  });
};
