import { MESSAGES } from '@sherehe/shared/messages';
import { idParamsSchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import { deleteAccountBodySchema } from '@sherehe/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { limitRequests } from '../../lib/request-limits';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { auditContext } from '../audit';
import { type DeletionDeps, deleteOwnAccount, deleteUserByAdmin } from './account-deletion.service';

const tags = ['users'];

const deletionDeps = (app: FastifyInstance): DeletionDeps => ({
  db: app.db,
  jobs: app.jobs,
  storage: app.storage,
  attachmentStore: app.attachmentStore,
  publicUrl: app.config.publicUrl,
});

/**
 * The public pages an account's deletion changes, read before it (its packages are gone after):
 * their profile, their packages' pages and the pages showing their reviews are rendered again, and
 * the stored copies of what is gone are removed with the rest of their data (docs/decisions/023).
 */
const deletedPages = (userId: string) => ({ people: [userId] });

const DELETION =
  'In one transaction: every session ends (sockets too, on every process); name, email, phone, profile, picture and calendar feed are wiped; packages leave the catalogue; reviews are deleted; bookings without money are deleted; open bookings with money are cancelled and refunded by the policy (a planner who leaves gives everything back); closed ones stay with their chat for the other party. Payments, refunds, ledger rows and payouts are never deleted: an account they name is kept, anonymised.';

/** Deleting an account: the person themself, or an admin (docs/product-rules.md, Deleting an account). */
export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The password asked again counts against the account's login budget: a stolen session cannot
  // guess it faster here than at the login.
  const countPasswordTry = limitRequests(app.limiter, [
    { name: 'login-account', limit: app.config.limits.loginPerAccount, key: (r) => r.auth?.user.email },
  ]);

  app.delete('/api/user/me', {
    schema: {
      tags,
      summary: 'Delete the signed-in account (the password asked again)',
      description: `${DELETION} A wrong password answers 403 and changes nothing; tries count against the account's login limit (429); the last admin cannot (409).`,
      body: deleteAccountBodySchema,
      response: {
        200: successMessageSchema,
        ...errorResponses(400, 401, 403, 409, 429),
      },
    },
    preHandler: [requireUser, countPasswordTry],
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      await request.publicPagesChanged(deletedPages(auth.user.id));
      await deleteOwnAccount(deletionDeps(app), auth.user.id, request.body.password);
      await app.sessionsChanged({ userId: auth.user.id });
      app.disconnectUser(auth.user.id);
      app.clearSessionCookie(reply);
      return { success: true as const, message: MESSAGES.users.accountDeleted };
    },
  });

  app.delete('/api/user/:id', {
    schema: {
      tags,
      summary: "Delete a user's account (admin; not one's own, never the last admin)",
      description: DELETION,
      params: idParamsSchema,
      response: {
        200: successMessageSchema,
        ...errorResponses(401, 403, 404, 409),
      },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.users.notFound);
      await request.publicPagesChanged(deletedPages(id));
      await deleteUserByAdmin(deletionDeps(app), auth.user, id, auditContext(request));
      await app.sessionsChanged({ userId: id });
      app.disconnectUser(id);
      return { success: true as const, message: MESSAGES.users.deleted };
    },
  });
};
