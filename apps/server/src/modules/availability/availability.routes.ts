import { MAX_AVAILABILITY_DAYS, MAX_BLOCK_RANGE_DAYS } from '@sherehe/shared/calendar';
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
  unblockQuerySchema,
  unblockResponseSchema,
} from '@sherehe/shared/schemas/calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { currentAuth, requireRole } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { presentBlock } from './availability.presenter';
import { blockDays, getAvailability, listOwnBlocks, unblockDays } from './availability.service';

const tags = ['availability'];
const errors = errorResponses(400, 401, 403);

/**
 * A planner's days: which cannot be booked (public), and the days they block. Blocks
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
      response: { 200: availabilityResponseSchema, ...errorResponses(400, 404) },
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
      summary: 'Block a day, or every day of a range: no new requests, and no acceptances, for them',
      description: `With \`to\`, every day from \`date\` to \`to\` (both included, at most ${MAX_BLOCK_RANGE_DAYS} days) is blocked in one go, or none is; days already blocked keep their note. \`blocks\` lists the range's days, \`block\` is the first.`,
      body: createBlockBodySchema,
      response: { 201: blockResponseSchema, ...errors, ...errorResponses(409) },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request, reply) => {
      const { rows, range } = await blockDays({
        db: app.db,
        actor: currentAuth(request).user,
        input: request.body,
      });
      const blocks = rows.map(presentBlock);
      return reply.code(201).send({
        success: true,
        message: range ? MESSAGES.calendar.daysBlocked(blocks.length) : MESSAGES.calendar.dayBlocked,
        block: blocks[0] as (typeof blocks)[number],
        blocks,
      });
    },
  });

  app.delete('/api/availability/blocks/:date', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Unblock a day, or every blocked day of a range',
      description: `With \`to\`, every blocked day from \`date\` to \`to\` (both included, at most ${MAX_BLOCK_RANGE_DAYS} days); 404 when none was blocked.`,
      params: blockDateParamsSchema,
      querystring: unblockQuerySchema,
      response: { 200: unblockResponseSchema, ...errors, ...errorResponses(404) },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      const dates = await unblockDays({
        db: app.db,
        actor: currentAuth(request).user,
        date: request.params.date,
        to: request.query.to,
      });
      const message =
        request.query.to === undefined
          ? MESSAGES.calendar.dayUnblocked
          : MESSAGES.calendar.daysUnblocked(dates.length);
      return { success: true as const, message, dates };
    },
  });
};
