import { MESSAGES } from '@sherehe/shared/messages';
import { changePlanBodySchema, paymentRequiredBodySchema } from '@sherehe/shared/schemas/plans';
import {
  profileBodySchema,
  publicProfileResponseSchema,
  userDataResponseSchema,
  userMessageResponseSchema,
} from '@sherehe/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseId } from '../../lib/ids';
import { readMultipartForm } from '../../lib/multipart';
import { limitUploads } from '../../lib/request-limits';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { presentPublicProfile, presentUser } from './users.presenter';
import {
  changePlan,
  getPublicProfile,
  PaymentRequiredError,
  setProfilePicture,
  updateProfile,
} from './users.service';

const tags = ['users'];

/** The signed-in user's own account, and anyone's public profile (admins' tools: admin-users.routes.ts). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const countUpload = limitUploads(app.limiter, app.config.limits.uploadsPerUser);

  app.get('/api/user/data', {
    schema: {
      tags,
      summary: 'The signed-in user',
      response: { 200: userDataResponseSchema, ...errorResponses(401) },
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
      description:
        'Free: at once (a paid period ends). A paid plan is bought for 30 days with POST /api/payments `{ planId, method }`: this answers 402 with what it costs in Ksh. With payments off, any plan at once.',
      response: {
        200: userMessageResponseSchema,
        ...errorResponses(400, 401),
        402: paymentRequiredBodySchema,
        ...errorResponses(404),
      },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      let changed: Awaited<ReturnType<typeof changePlan>>;
      try {
        changed = await changePlan({
          db: app.db,
          userId: auth.user.id,
          planId: request.body.planId,
          kesPerUsd: app.config.payments.mode === 'off' ? null : app.config.payments.planKesPerUsd,
        });
      } catch (error) {
        if (!(error instanceof PaymentRequiredError)) throw error;
        request.keepPublicReads();
        return reply.code(402).send({
          success: false as const,
          code: 'PAYMENT_REQUIRED' as const,
          paymentRequired: true as const,
          planId: error.planId,
          amount: error.amount,
          message: error.message,
        });
      }
      const { user, plan } = changed;
      return {
        success: true as const,
        message: MESSAGES.plans.changed(plan.name),
        user: presentUser(user, plan, app.storage),
      };
    },
  });

  app.patch('/api/user/profile', {
    schema: {
      tags,
      summary: "Change the signed-in user's profile fields",
      body: profileBodySchema,
      response: { 200: userMessageResponseSchema, ...errorResponses(400, 401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      // Wherever their name shows (docs/decisions/023): profile, packages, reviews.
      await request.publicPagesChanged({ people: [auth.user.id] });
      const { user, plan, changed } = await updateProfile({
        db: app.db,
        userId: auth.user.id,
        input: request.body,
      });
      if (!changed) request.keepPublicReads();
      return {
        success: true as const,
        message: MESSAGES.profile.updated,
        user: presentUser(user, plan, app.storage),
      };
    },
  });

  app.post('/api/user/profile-picture', {
    schema: {
      tags,
      summary: 'Upload a new profile picture',
      description:
        'multipart/form-data with a file field `image` (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB).',
      consumes: ['multipart/form-data'],
      response: {
        200: userMessageResponseSchema,
        ...errorResponses(400, 401, 413, 415, 429, 503),
      },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const form = await readMultipartForm(request, z.object({}));
      if (form.image) await countUpload(request, reply);
      await request.publicPagesChanged({ people: [auth.user.id] });
      const { user, plan } = await setProfilePicture({
        db: app.db,
        storage: app.storage,
        userId: auth.user.id,
        image: form.image,
      });
      return {
        success: true as const,
        message: MESSAGES.images.pictureUpdated,
        user: presentUser(user, plan, app.storage),
      };
    },
  });

  app.get('/api/user/profile/:userId', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: {
      tags,
      summary: "Anyone's public profile",
      params: z.object({ userId: z.string() }),
      response: { 200: publicProfileResponseSchema, ...errorResponses(404) },
    },
    handler: async (request) => {
      const id = parseId(request.params.userId, MESSAGES.profile.notFound);
      const user = await getPublicProfile({ db: app.db, userId: id });
      return { success: true as const, profile: presentPublicProfile(user, app.storage) };
    },
  });
};
