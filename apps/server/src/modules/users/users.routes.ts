import { MESSAGES } from '@sherehe/shared/messages';
import { errorBodySchema } from '@sherehe/shared/schemas/common';
import { changePlanBodySchema } from '@sherehe/shared/schemas/plans';
import { userDataResponseSchema, userMessageResponseSchema } from '@sherehe/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireUser } from '../../plugins/auth';
import { presentUser } from './users.presenter';
import { changePlan } from './users.service';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user/data', {
    schema: {
      tags,
      summary: 'The signed-in user',
      response: { 200: userDataResponseSchema, 401: errorBodySchema },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      return { success: true as const, userData: presentUser(auth.user, auth.plan, app.storage) };
    },
  });

  app.patch('/api/user/plan', {
    schema: {
      tags,
      summary: 'Switch the signed-in user to another plan',
      body: changePlanBodySchema,
      response: {
        200: userMessageResponseSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        404: errorBodySchema,
      },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const { user, plan } = await changePlan({
        db: app.db,
        userId: auth.user.id,
        planId: request.body.planId,
      });
      return {
        success: true as const,
        message: MESSAGES.plans.changed(plan.name),
        user: presentUser(user, plan, app.storage),
      };
    },
  });
};
