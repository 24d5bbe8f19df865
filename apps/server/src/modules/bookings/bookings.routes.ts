import { todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import {
  bookingAllowanceResponseSchema,
  bookingListResponseSchema,
  bookingResponseSchema,
  createBookingBodySchema,
  createEnquiryBodySchema,
  createQuoteBodySchema,
  ENQUIRIES_PER_DAY,
  listBookingsQuerySchema,
  updateBookingBodySchema,
} from '@sherehe/shared/schemas/bookings';
import { idParamsSchema } from '@sherehe/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/ids';
import { currentAuth, requireRole, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { auditContext } from '../audit';
import { presentBooking } from './bookings.presenter';
import {
  changeBookingStatus,
  createBooking,
  getBookingAllowance,
  listBookingsPage,
} from './bookings.service';
import { createEnquiry, secondsUntilNairobiMidnight } from './enquiries.service';
import { quoteNotifier } from './quote-notify';
import { acceptQuote, declineQuote, offerQuote } from './quotes.service';

const tags = ['bookings'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One page of the bookings the signed-in user made (`client`) or was asked for (`planner`). */
  const listBookings = async (
    request: FastifyRequest,
    query: z.infer<typeof listBookingsQuerySchema>,
    side: 'client' | 'planner',
  ) => {
    const { rows, page } = await listBookingsPage({
      db: app.db,
      actor: currentAuth(request).user,
      side,
      query,
    });
    const today = todayInNairobi();
    return {
      success: true as const,
      bookings: rows.map((row) => presentBooking(row, app.storage, today)),
      ...page,
    };
  };

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

  app.post('/api/bookings/enquiries', {
    // Changes nothing a public read shows: the read cache stays (docs/decisions/010).
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Ask a planner before booking: an enquiry (clients)',
      description: `An enquiry is a pending booking of \`kind: 'enquiry'\`, with its chat: \`package\` is optional (a question from the planner's profile names none; then it must name the planner), \`eventDate\` too (YYYY-MM-DD, today or later within the booking horizon; without it \`date\` and \`eventDate\` are null: "date to be agreed"). \`guests\` 1–100,000, \`budget\` Ksh >= 0 in whole cents, \`message\` 1–2,000 characters. It does not count against the monthly booking allowance; at most ${ENQUIRIES_PER_DAY} a day per client (Africa/Nairobi), then 429 with Retry-After (seconds to midnight in Nairobi). An open enquiry or booking of the same package is a 409. The planner answers in the chat or with a quote; it is never accepted as it is.`,
      body: createEnquiryBodySchema,
      response: { 201: bookingResponseSchema, ...errors, ...errorResponses(429) },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const auth = currentAuth(request);
      const row = await createEnquiry({
        db: app.db,
        jobs: app.jobs,
        publicUrl: app.config.publicUrl,
        actor: auth.user,
        input: request.body,
      }).catch((error: unknown) => {
        // The daily limit starts again at midnight in Nairobi.
        if (error instanceof AppError && error.code === 'RATE_LIMITED')
          reply.header('retry-after', String(secondsUntilNairobiMidnight()));
        throw error;
      });
      return reply.code(201).send({
        success: true,
        message: MESSAGES.enquiries.sent,
        booking: presentBooking(row, app.storage),
      });
    },
  });

  app.get('/api/bookings/my', {
    schema: {
      tags,
      summary: 'The bookings the signed-in user made, newest first',
      querystring: listBookingsQuerySchema,
      response: { 200: bookingListResponseSchema, ...errorResponses(400, 401) },
    },
    preHandler: requireUser,
    handler: (request) => listBookings(request, request.query, 'client'),
  });

  app.get('/api/bookings/allowance', {
    schema: {
      tags,
      summary:
        "The booking requests the signed-in client sent this month and their plan's limit (clients and admins)",
      description:
        'Counted per calendar month in Africa/Nairobi, as `POST /api/bookings/create` counts them; `max` null: no limit.',
      response: { 200: bookingAllowanceResponseSchema, ...errorResponses(401, 403) },
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
        ...errorResponses(400, 401, 403),
      },
    },
    preHandler: requireRole('planner', 'admin'),
    handler: (request) => listBookings(request, request.query, 'planner'),
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
        audit: auditContext(request),
      });
      return {
        success: true as const,
        message: MESSAGES.bookings.statusChanged(row.booking.status),
        booking: presentBooking(row, app.storage),
      };
    },
  });

  // Quotes (docs/bookings-and-calendar.md, Quotes): each answers with the booking, and tells both
  // parties' open pages once it has committed.
  const notifyQuote = quoteNotifier(app);
  const quoteAnswer = (row: Awaited<ReturnType<typeof offerQuote>>, message: string) => {
    notifyQuote(row);
    return { success: true as const, message, booking: presentBooking(row, app.storage) };
  };
  const quoteDeps = () => ({ db: app.db, jobs: app.jobs, publicUrl: app.config.publicUrl });

  app.post('/api/bookings/:id/quote', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: "Offer a custom price on a pending request (the booking's planner)",
      description:
        "Price in Ksh (more than 0, at most 2 decimals), the deposit share in whole percent, an optional message (at most 1,000 characters), and how many days the offer stands (1 to 14). `eventDate` (YYYY-MM-DD) names the day the offer is for, else the request's own. A new offer replaces one still offered. 409 when the booking is not pending.",
      params: idParamsSchema,
      body: createQuoteBodySchema,
      response: { 200: bookingResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.bookings.notFound);
      const row = await offerQuote({
        ...quoteDeps(),
        actor: currentAuth(request).user,
        id,
        input: request.body,
      });
      return quoteAnswer(row, MESSAGES.quotes.sent);
    },
  });

  app.post('/api/bookings/:id/quote/accept', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: "Accept the planner's offer (the booking's client)",
      description:
        "The booking becomes accepted at the offer's price and deposit share, on its day, availability checked as for a planner's acceptance (409 when the day is full or blocked). 409 when no offer waits or it has expired. An enquiry becomes a booking request and counts against the monthly allowance.",
      params: idParamsSchema,
      response: { 200: bookingResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.bookings.notFound);
      const row = await acceptQuote({ ...quoteDeps(), actor: currentAuth(request).user, id });
      return quoteAnswer(row, MESSAGES.quotes.accepted);
    },
  });

  app.post('/api/bookings/:id/quote/decline', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: "Decline the planner's offer (the booking's client); the request stays pending",
      description: '409 when no offer waits or it has expired.',
      params: idParamsSchema,
      response: { 200: bookingResponseSchema, ...errors },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const id = parseId(request.params.id, MESSAGES.bookings.notFound);
      const row = await declineQuote({ ...quoteDeps(), actor: currentAuth(request).user, id });
      return quoteAnswer(row, MESSAGES.quotes.declined);
    },
  });
};
