import { MESSAGES } from '@sherehe/shared/messages';
import { errorBodySchema, idParamsSchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import {
  createReviewBodySchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewResponseSchema,
  updateReviewBodySchema,
} from '@sherehe/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/ids';
import { currentAuth, requireUser } from '../../plugins/auth';
import { answerOnlyForThisViewer } from '../../plugins/read-cache';
import { canViewPackage } from '../packages/packages.policy';
import { presentPackage } from '../packages/packages.presenter';
import { findPackage } from '../packages/packages.queries';
import { findUser } from '../users/users.queries';
import { presentReview, roundAverage } from './reviews.presenter';
import { listPackageReviews, listPlannerReviews, plannerReviewStats } from './reviews.queries';
import { changeReview, createReview, removeReview } from './reviews.service';

const tags = ['reviews'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reviews/user/:userId', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: {
      tags,
      summary: "Reviews of a planner's packages in the catalogue, newest first (the public profile)",
      params: z.object({ userId: z.string() }),
      querystring: reviewListQuerySchema,
      response: { 200: reviewListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      const userId = parseId(request.params.userId, MESSAGES.profile.notFound);
      if (!(await findUser(app.db, userId))) throw new AppError('NOT_FOUND', MESSAGES.profile.notFound);
      const { page, limit } = request.query;
      const paged = page !== undefined || limit !== undefined;
      const size = paged ? (limit ?? 10) : 1000;
      const current = page ?? 1;
      const [rows, stats] = await Promise.all([
        listPlannerReviews(app.db, userId, { limit: size, offset: (current - 1) * size }),
        plannerReviewStats(app.db, userId),
      ]);
      return {
        success: true as const,
        reviews: rows.map(presentReview),
        average: roundAverage(stats.average),
        count: stats.count,
        total: stats.count,
        ...(paged && { page: current, pages: Math.max(1, Math.ceil(stats.count / size)) }),
      };
    },
  });

  app.get('/api/reviews/:packageId', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: {
      tags,
      summary: "A package's reviews, newest first, with the average rating",
      params: z.object({ packageId: z.string() }),
      response: { 200: reviewListResponseSchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const packageId = parseId(request.params.packageId, MESSAGES.packages.notFound);
      const pkg = await findPackage(app.db, packageId);
      // As the package itself (GET /api/packages/:id): out of the catalogue, only for admins and its planner.
      if (!pkg || !canViewPackage(request.auth?.user, pkg.package)) {
        throw new AppError('NOT_FOUND', MESSAGES.packages.notFound);
      }
      if (!pkg.package.listed) answerOnlyForThisViewer(request, reply);
      const rows = await listPackageReviews(app.db, packageId);
      const { rating } = presentPackage(pkg, app.storage);
      return {
        success: true as const,
        reviews: rows.map(presentReview),
        average: rating.average,
        count: rating.count,
      };
    },
  });

  app.post('/api/reviews', {
    schema: {
      tags,
      summary: 'Review a package you booked (once)',
      body: createReviewBodySchema,
      response: { 201: reviewResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const row = await createReview({ db: app.db, actor: auth.user, input: request.body });
      return reply
        .code(201)
        .send({ success: true, message: MESSAGES.reviews.created, review: presentReview(row) });
    },
  });

  app.patch('/api/reviews/:id', {
    schema: {
      tags,
      summary: 'Change your review',
      params: idParamsSchema,
      body: updateReviewBodySchema,
      response: { 200: reviewResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.reviews.notFound);
      const row = await changeReview({ db: app.db, actor: auth.user, id, input: request.body });
      return { success: true as const, message: MESSAGES.reviews.updated, review: presentReview(row) };
    },
  });

  app.delete('/api/reviews/:id', {
    schema: {
      tags,
      summary: 'Delete your review (admins: any review)',
      params: idParamsSchema,
      response: {
        200: successMessageSchema,
        401: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
      },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.reviews.notFound);
      await removeReview({ db: app.db, actor: auth.user, id });
      return { success: true as const, message: MESSAGES.reviews.deleted };
    },
  });
};
