import { MESSAGES } from '@sherehe/shared/messages';
import {
  bookingAllowanceResponseSchema,
  bookingListResponseSchema,
  bookingResponseSchema,
  createBookingBodySchema,
  listBookingsQuerySchema,
  updateBookingBodySchema,
} from '@sherehe/shared/schemas/bookings';
import { errorBodySchema, idParamsSchema } from '@sherehe/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import { presentBooking } from './bookings.presenter';
import {
  changeBookingStatus,
  createBooking,
  getBookingAllowance,
  listBookingsPage,
} from './bookings.service';

const tags = ['bookings'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/bookings/create', {
    // Changes nothing a public read shows: the read cache stays (docs/decisions/010).
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Book a package (clients and admins)',
      description:
        'The date is a calendar day (midnight UTC of it, or YYYY-MM-DD), today or later in Africa/Nairobi.',
      body: createBookingBodySchema,
      response: { 201: bookingResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const row = await createBooking({
        db: app.db,
        jobs: app.jobs,
        publicUrl: app.config.publicUrl,
        actor: auth.user,
        input: request.body,
      });
      return reply.code(201).send({
        success: true,
        message: MESSAGES.bookings.created,
        booking: presentBooking(row, app.storage),
      });
    },
  });

  app.get('/api/bookings/my', {
    schema: {
      tags,
      summary: 'The bookings the signed-in user made, newest first',
      querystring: listBookingsQuerySchema,
      response: { 200: bookingListResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const { rows, page } = await listBookingsPage({
        db: app.db,
        actor: auth.user,
        side: 'client',
        query: request.query,
      });
      return {
        success: true as const,
        bookings: rows.map((row) => presentBooking(row, app.storage)),
        ...page,
      };
    },
  });

  app.get('/api/bookings/allowance', {
    schema: {
      tags,
      summary:
        "The booking requests the signed-in client sent this month and their plan's limit (clients and admins)",
      description:
        'Counted per calendar month in Africa/Nairobi, as `POST /api/bookings/create` counts them; `max` null: no limit.',
      response: { 200: bookingAllowanceResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    preHandler: requireRole('client', 'admin'),
    handler: async (request) => {
      const auth = currentAuth(request);
      const allowance = await getBookingAllowance({ db: app.db, actor: auth.user });
      return { success: true as const, allowance };
    },
  });

  app.get('/api/bookings/for-planner', {
    schema: {
      tags,
      summary: "Bookings of the signed-in planner's packages (an admin: all), newest first",
      querystring: listBookingsQuerySchema,
      response: {
        200: bookingListResponseSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
      },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: async (request) => {
      const auth = currentAuth(request);
      const { rows, page } = await listBookingsPage({
        db: app.db,
        actor: auth.user,
        side: 'planner',
        query: request.query,
      });
      return {
        success: true as const,
        bookings: rows.map((row) => presentBooking(row, app.storage)),
        ...page,
      };
    },
  });

  app.patch('/api/bookings/:id', {
    // Changes nothing a public read shows: the read cache stays (docs/decisions/010).
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Move a booking to another status, as the transition table allows',
      params: idParamsSchema,
      body: updateBookingBodySchema,
      response: { 200: bookingResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      const id = parseId(request.params.id, MESSAGES.bookings.notFound);
      const row = await changeBookingStatus({
        db: app.db,
        jobs: app.jobs,
        publicUrl: app.config.publicUrl,
        actor: auth.user,
        id,
        status: request.body.status,
      });
      return {
        success: true as const,
        message: MESSAGES.bookings.statusChanged(row.booking.status),
        booking: presentBooking(row, app.storage),
      };
    },
  });
};
