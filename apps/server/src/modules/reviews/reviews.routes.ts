import { MESSAGES } from '@sherehe/shared/messages';
import { idParamsSchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import {
  createReviewBodySchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewReplyBodySchema,
  reviewResponseSchema,
  updateReviewBodySchema,
} from '@sherehe/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseId } from '../../lib/ids';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { answerOnlyForThisViewer } from '../../plugins/read-cache';
import { auditContext } from '../audit';
import { presentPackageReviews, presentPlannerReviews, presentReview } from './reviews.presenter';
import {
  changeReview,
  createReview,
  getPackageReviews,
  listPlannerReviewsPage,
  removeReview,
  removeReviewReply,
  replyToReview,
} from './reviews.service';

const tags = ['reviews'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reviews/user/:userId', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: {
      tags,
      summary: "Reviews of a planner's packages in the catalogue, newest first (the public profile)",
      params: z.object({ userId: z.string() }),
      querystring: reviewListQuerySchema,
      response: { 200: reviewListResponseSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const userId = parseId(request.params.userId, MESSAGES.profile.notFound);
      const { rows, stats, page } = await listPlannerReviewsPage({
        db: app.db,
        plannerId: userId,
        query: request.query,
      });
      return { success: true as const, ...presentPlannerReviews(rows, stats, page) };
    },
  });

  // `:id` is the package's: the other /api/reviews/:id routes name a review, one path for both.
  app.get('/api/reviews/:id', {
    // The same answer for everyone: kept by the read cache (docs/decisions/010).
    config: { publicRead: true },
    schema: {
      tags,
      summary: "A package's reviews, newest first, with the average rating",
      params: z.object({ id: z.string().describe("The package's id") }),
      response: { 200: reviewListResponseSchema, ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const packageId = parseId(request.params.id, MESSAGES.packages.notFound);
      const { pkg, rows } = await getPackageReviews({ db: app.db, viewer: request.auth?.user, packageId });
      // As the package itself (GET /api/packages/:id): out of the catalogue, only for its viewers.
      if (!pkg.listed) answerOnlyForThisViewer(request, reply);
      return { success: true as const, ...presentPackageReviews(rows, pkg) };
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
      // Its package's page, profile and category page show the rating (docs/decisions/023).
      await request.publicPagesChanged({ packages: [row.package.id] });
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
      await request.publicPagesChanged({ reviews: [id] });
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
        ...errorResponses(401, 403, 404),
      },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.reviews.notFound);
      // Read before it goes.
      await request.publicPagesChanged({ reviews: [id] });
      await removeReview({ db: app.db, actor: auth.user, id, audit: auditContext(request) });
      return { success: true as const, message: MESSAGES.reviews.deleted };
    },
  });

  app.put('/api/reviews/:id/reply', {
    schema: {
      tags,
      summary: "Reply to a review of your package, or edit the reply (the package's planner)",
      description:
        'One reply per review. The first PUT creates it (201), a later one changes its text (200): `reply.createdAt` stays, `reply.updatedAt` moves.',
      params: idParamsSchema,
      body: reviewReplyBodySchema,
      response: {
        200: reviewResponseSchema,
        201: reviewResponseSchema,
        ...errorResponses(400, 401, 403, 404),
      },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.reviews.notFound);
      // The package's page and its planner's profile show the reply (docs/decisions/023).
      await request.publicPagesChanged({ reviews: [id] });
      const { created, row } = await replyToReview({ db: app.db, actor: auth.user, id, input: request.body });
      return reply
        .code(created ? 201 : 200)
        .send({ success: true, message: MESSAGES.reviews.replySaved, review: presentReview(row) });
    },
  });

  app.delete('/api/reviews/:id/reply', {
    schema: {
      tags,
      summary: "Remove your reply to a review of your package (the package's planner)",
      params: idParamsSchema,
      response: { 204: z.null().describe('The reply is gone'), ...errorResponses(401, 403, 404) },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.reviews.notFound);
      await request.publicPagesChanged({ reviews: [id] });
      await removeReviewReply({ db: app.db, actor: auth.user, id });
      return reply.code(204).send(null);
    },
  });
};
