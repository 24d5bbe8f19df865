import { todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { accountExportSchema } from '@sherehe/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { presentAccountExport } from './account-export.presenter';
import { readAccountData } from './account-export.queries';

/** A person's right to a copy of their data (docs/product-rules.md, Your data). */
export const accountExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user/me/export', {
    schema: {
      tags: ['users'],
      summary: 'Everything Sherehe holds about the signed-in user, as a JSON file to download',
      description:
        'An attachment `sherehe-data-YYYY-MM-DD.json` (the day in Nairobi), never cached: the profile, packages, bookings (either side), chat messages, files sent (names and addresses), reviews, payments (made, and received on their packages), refunds, contact messages, notification settings (the language of their mail) and the consents given at sign-up. Never a password hash, session or reset token.',
      response: { 200: accountExportSchema, ...errorResponses(401) },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const data = await readAccountData(app.db, auth.user.id);
      if (!data) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
      reply
        .header('content-disposition', `attachment; filename="sherehe-data-${todayInNairobi()}.json"`)
        .header('cache-control', 'private, no-store');
      return presentAccountExport(data, {
        storage: app.storage,
        publicUrl: app.config.publicUrl,
        now: new Date(),
      });
    },
  });
};
