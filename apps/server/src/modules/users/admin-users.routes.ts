import { MESSAGES } from '@sherehe/shared/messages';
import { idParamsSchema } from '@sherehe/shared/schemas/common';
import { adminPlanBodySchema } from '@sherehe/shared/schemas/plans';
import {
  changeRoleBodySchema,
  listUsersQuerySchema,
  userListResponseSchema,
  userMessageResponseSchema,
} from '@sherehe/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { currentAuth, requireRole } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { auditContext } from '../audit';
import { setPlanByAdmin } from './admin-plans.service';
import { changeRole, listUsersPage } from './admin-users.service';
import { presentUser } from './users.presenter';

const tags = ['users'];

/** The admins' management of other users; the signed-in user's own account is users.routes.ts. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user', {
    schema: {
      tags,
      summary: 'Users, newest first, by role and name or email (admin)',
      querystring: listUsersQuerySchema,
      response: {
        200: userListResponseSchema,
        ...errorResponses(400, 401, 403),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const { rows, page } = await listUsersPage({ db: app.db, query: request.query });
      return {
        success: true as const,
        users: rows.map((row) => presentUser(row.user, row.plan, app.storage)),
        ...page,
      };
    },
  });

  app.patch('/api/user/:id/role', {
    schema: {
      tags,
      summary: "Change a user's role (admin; not one's own, never the last admin)",
      params: idParamsSchema,
      body: changeRoleBodySchema,
      response: {
        200: userMessageResponseSchema,
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.users.notFound);
      const { user, plan } = await changeRole({
        db: app.db,
        actor: auth.user,
        userId: id,
        role: request.body.role,
        audit: auditContext(request),
      });
      await app.sessionsChanged({ userId: id });
      app.disconnectUser(id);
      return {
        success: true as const,
        message: MESSAGES.users.roleUpdated(user.role),
        user: presentUser(user, plan, app.storage),
      };
    },
  });

  app.patch('/api/user/:id/plan', {
    schema: {
      tags,
      summary: "Set a user's plan and its period (admin; no payment)",
      description:
        'A paid plan runs until `until` (an ISO date-time in the future; it falls back to Free then, with a reminder mail three days before) or, without `until`, has no end. Free never has an end (`until` is ignored).',
      params: idParamsSchema,
      body: adminPlanBodySchema,
      response: {
        200: userMessageResponseSchema,
        ...errorResponses(400, 401, 403, 404),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.users.notFound);
      const { user, plan } = await setPlanByAdmin({
        db: app.db,
        jobs: app.jobs,
        userId: id,
        planId: request.body.planId,
        until: request.body.until,
        audit: auditContext(request),
      });
      await app.sessionsChanged({ userId: id });
      return {
        success: true as const,
        message: MESSAGES.planPayments.adminChanged(user.username, plan.name),
        user: presentUser(user, plan, app.storage),
      };
    },
  });

  // DELETE /api/user/{id} is account deletion's (modules/accounts/account-deletion.routes.ts).
};
