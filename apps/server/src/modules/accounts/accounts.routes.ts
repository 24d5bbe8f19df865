import { MESSAGES } from '@sherehe/shared/messages';
import {
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  testEmailBodySchema,
} from '@sherehe/shared/schemas/accounts';
import { errorBodySchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { createRateLimiter } from '../../lib/rate-limit';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { sendTestEmail } from './test-email.service';

const tags = ['auth'];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/auth/request-password-reset', {
    schema: {
      tags,
      summary: 'Email a password-reset link (the answer is the same whether the address exists or not)',
      body: requestPasswordResetBodySchema,
      response: { 200: successMessageSchema, 400: errorBodySchema, 429: errorBodySchema },
    },
    config: { keepsPublicReads: true, rateLimit: { max: 5, timeWindow: '15 minutes' } },
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
      response: { 200: successMessageSchema, 400: errorBodySchema, 429: errorBodySchema },
    },
    config: { keepsPublicReads: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
    handler: async (request) => {
      const { userId } = await resetPassword({
        db: app.db,
        token: request.body.token,
        newPassword: request.body.newPassword,
      });
      app.disconnectUser(userId);
      return { success: true as const, message: MESSAGES.reset.done };
    },
  });

  // Two limits: per sender (the route's, nobody floods) and per address (nobody is flooded). The
  // plugin runs one limit per request, so the second is this process-local window.
  const perAddress = createRateLimiter(3, 60 * 60 * 1000);
  app.addHook('onClose', async () => perAddress.stop());

  app.post('/api/auth/test-email', {
    schema: {
      tags,
      summary: 'Send one fixed test message to an address (reports a delivery failure)',
      body: testEmailBodySchema,
      response: {
        200: successMessageSchema,
        400: errorBodySchema,
        429: errorBodySchema,
        502: errorBodySchema,
      },
    },
    config: { keepsPublicReads: true, rateLimit: { max: 5, timeWindow: '1 hour' } },
    handler: async (request) => {
      if (!perAddress.take(request.body.email)) {
        throw new AppError('RATE_LIMITED', MESSAGES.security.rateLimited(3600));
      }
      await sendTestEmail({ jobs: app.jobs, email: request.body.email });
      return { success: true as const, message: MESSAGES.testEmail.sent };
    },
  });
};
