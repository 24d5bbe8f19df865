import { MESSAGES } from '@sherehe/shared/messages';
import {
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  testEmailBodySchema,
} from '@sherehe/shared/schemas/accounts';
import { successMessageSchema } from '@sherehe/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitRequests, routeLimit } from '../../lib/request-limits';
import { errorResponses } from '../../plugins/errors';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { sendTestEmail } from './test-email.service';

const tags = ['auth'];

/** The e-mail address a body names, trimmed and lower-cased by its schema. */
const emailOf = (request: FastifyRequest) => (request.body as { email: string }).email;

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits } = app.config;

  app.post('/api/auth/request-password-reset', {
    schema: {
      tags,
      summary: 'Email a password-reset link (the answer is the same whether the address exists or not)',
      body: requestPasswordResetBodySchema,
      response: { 200: successMessageSchema, ...errorResponses(400, 429) },
    },
    // Per address (generous: many phones share one carrier address), and per e-mail address so
    // nobody's inbox is flooded with reset links. Both count whether or not the account exists.
    config: { keepsPublicReads: true, rateLimit: routeLimit(limits.resetRequestPerAddress) },
    preHandler: limitRequests(app.limiter, [
      { name: 'reset-request-account', limit: limits.resetRequestPerAccount, key: emailOf },
    ]),
    handler: async (request) => {
      await requestPasswordReset({ jobs: app.jobs, email: request.body.email });
      return { success: true as const, message: MESSAGES.reset.requested };
    },
  });

  app.post('/api/auth/reset-password', {
    schema: {
      tags,
      summary: 'Set a new password with the token from the reset email; ends every session',
      body: resetPasswordBodySchema,
      response: { 200: successMessageSchema, ...errorResponses(400, 429) },
    },
    config: { keepsPublicReads: true, rateLimit: routeLimit(limits.resetPerAddress) },
    handler: async (request) => {
      const { userId } = await resetPassword({
        db: app.db,
        token: request.body.token,
        newPassword: request.body.newPassword,
      });
      await app.sessionsChanged({ userId });
      app.disconnectUser(userId);
      return { success: true as const, message: MESSAGES.reset.done };
    },
  });

  app.post('/api/auth/test-email', {
    schema: {
      tags,
      summary: 'Send one fixed test message to an address (reports a delivery failure)',
      body: testEmailBodySchema,
      response: {
        200: successMessageSchema,
        ...errorResponses(400, 429, 502),
      },
    },
    // Per sender's address (nobody floods) and per recipient (nobody is flooded).
    config: { keepsPublicReads: true, rateLimit: routeLimit(limits.testEmailPerAddress) },
    preHandler: limitRequests(app.limiter, [
      { name: 'test-email-recipient', limit: limits.testEmailPerRecipient, key: emailOf },
    ]),
    handler: async (request) => {
      await sendTestEmail({ jobs: app.jobs, email: request.body.email, lang: request.lang });
      return { success: true as const, message: MESSAGES.testEmail.sent };
    },
  });
};
