import { MAX_AVAILABILITY_DAYS } from '@sherehe/shared/calendar';
import { MESSAGES } from '@sherehe/shared/messages';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  blockDateParamsSchema,
  blockListResponseSchema,
  blockResponseSchema,
  createBlockBodySchema,
  listBlocksQuerySchema,
  plannerIdParamsSchema,
} from '@sherehe/shared/schemas/calendar';
import { errorBodySchema, successMessageSchema } from '@sherehe/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { currentAuth, requireRole } from '../../plugins/auth';
import { presentBlock } from './availability.presenter';
import { blockDay, getAvailability, listOwnBlocks, unblockDay } from './availability.service';

const tags = ['availability'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
};

/**
 * A planner's days (DESIGN §8): which cannot be booked (public), and the days they block. Blocks
 * change nothing a public read keeps (the availability call is not kept: docs/decisions/015).
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/planners/:id/availability', {
    schema: {
      tags,
      summary: 'The days a planner cannot take a new event on (blocked or full), never why',
      description: `from and to are days (YYYY-MM-DD, Africa/Nairobi), at most ${MAX_AVAILABILITY_DAYS} days together, both included.`,
      params: plannerIdParamsSchema,
      querystring: availabilityQuerySchema,
      response: { 200: availabilityResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      const plannerId = parseId(request.params.id, MESSAGES.calendar.plannerNotFound);
      const unavailable = await getAvailability({ db: app.db, plannerId, query: request.query });
      return { success: true as const, unavailable };
    },
  });

  app.get('/api/availability/blocks', {
    schema: {
      tags,
      summary: 'The signed-in planner’s blocked days with their notes, from today on',
      querystring: listBlocksQuerySchema,
      response: { 200: blockListResponseSchema, ...errors },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      const rows = await listOwnBlocks({
        db: app.db,
        actor: currentAuth(request).user,
        query: request.query,
      });
      return { success: true as const, blocks: rows.map(presentBlock) };
    },
  });

  app.post('/api/availability/blocks', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Block a day: no new requests, and no acceptances, for it',
      body: createBlockBodySchema,
      response: { 201: blockResponseSchema, ...errors, 409: errorBodySchema },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request, reply) => {
      const row = await blockDay({ db: app.db, actor: currentAuth(request).user, input: request.body });
      return reply
        .code(201)
        .send({ success: true, message: MESSAGES.calendar.dayBlocked, block: presentBlock(row) });
    },
  });

  app.delete('/api/availability/blocks/:date', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Unblock a day',
      params: blockDateParamsSchema,
      response: { 200: successMessageSchema, ...errors, 404: errorBodySchema },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      await unblockDay({ db: app.db, actor: currentAuth(request).user, date: request.params.date });
      return { success: true as const, message: MESSAGES.calendar.dayUnblocked };
    },
  });
};
