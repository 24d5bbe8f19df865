import { MESSAGES } from '@sherehe/shared/messages';
import {
  phoneCodeSentResponseSchema,
  smsPhoneMessageResponseSchema,
  smsPhoneResponseSchema,
  startPhoneVerificationBodySchema,
  verifyPhoneBodySchema,
} from '@sherehe/shared/schemas/phone-verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import {
  PHONE_CODE_RULES,
  removeSmsPhone,
  smsPhoneStateOf,
  startPhoneVerification,
  TooManyCodesError,
  verifyPhone,
} from './phone-verification.service';

const tags = ['users'];
const minutes = (ms: number) => ms / 60_000;

/** The signed-in user's verified phone for SMS (docs/notifications.md#verified-phones). */
export const phoneVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, jobs: app.jobs, secret: app.config.phoneCodeSecret });

  app.get('/api/user/phone', {
    schema: {
      tags,
      summary: "The signed-in user's verified phone for SMS",
      description:
        '`phone` (`2547XXXXXXXX`) and `verifiedAt` are null until a number is verified; `stopped`: the number replied STOP, so no SMS goes to it.',
      response: { 200: smsPhoneResponseSchema, ...errorResponses(401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const { user } = currentAuth(request);
      return { success: true as const, smsPhone: await smsPhoneStateOf(app.db, user) };
    },
  });

  app.post('/api/user/phone/verify/start', {
    schema: {
      tags,
      summary: 'Send a 6-digit code by SMS to the number to verify',
      description: `\`{ phone }\`: a Kenyan mobile number in any usual writing (0712 345 678, +254 712 345 678). The code works for ${minutes(PHONE_CODE_RULES.ttlMs)} minutes and ${PHONE_CODE_RULES.maxAttempts} tries; a new one replaces it. At most ${PHONE_CODE_RULES.perHour} codes an hour go to one number and to one account (then 429 with Retry-After). A number verified on another account is a 409. It is sent even in quiet hours, in the language of the request.`,
      body: startPhoneVerificationBodySchema,
      response: { 200: phoneCodeSentResponseSchema, ...errorResponses(400, 401, 409, 429) },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const { user } = currentAuth(request);
      try {
        const sent = await startPhoneVerification(deps(), {
          userId: user.id,
          phone: request.body.phone,
          lang: request.lang,
        });
        return {
          success: true as const,
          message: MESSAGES.phoneVerification.codeSent,
          phone: sent.phone,
          expiresAt: sent.expiresAt.toISOString(),
        };
      } catch (error) {
        if (error instanceof TooManyCodesError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  });

  app.post('/api/user/phone/verify', {
    schema: {
      tags,
      summary: 'Verify the number with the code received',
      description:
        "`{ code }`: the 6 digits last sent. The right code makes the number the account's SMS number and records consent to SMS for every topic. A wrong one is a 400 and counts a try; after 5 wrong tries, or 10 minutes, the code is dead (400: ask for a new one).",
      body: verifyPhoneBodySchema,
      response: { 200: smsPhoneMessageResponseSchema, ...errorResponses(400, 401, 409) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const { user } = currentAuth(request);
      const updated = await verifyPhone(deps(), { userId: user.id, code: request.body.code });
      return {
        success: true as const,
        message: MESSAGES.phoneVerification.verified,
        smsPhone: await smsPhoneStateOf(app.db, updated),
      };
    },
  });

  app.delete('/api/user/phone', {
    schema: {
      tags,
      summary: "Remove the signed-in user's SMS number",
      description: 'No SMS goes to the account after this; the withdrawal of consent is recorded.',
      response: { 200: smsPhoneMessageResponseSchema, ...errorResponses(401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const { user } = currentAuth(request);
      const updated = await removeSmsPhone({ db: app.db }, user.id);
      return {
        success: true as const,
        message: MESSAGES.phoneVerification.removed,
        smsPhone: await smsPhoneStateOf(app.db, updated),
      };
    },
  });
};
