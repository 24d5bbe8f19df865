import { MESSAGES } from '@sherehe/shared/messages';
import {
  calendarFeedResponseSchema,
  calendarTokenParamsSchema,
  icalendarSchema,
} from '@sherehe/shared/schemas/calendar';
import { idParamsSchema } from '@sherehe/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseId } from '../../lib/ids';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { getFeedUrl, renderBookingEvent, renderFeed, replaceFeedUrl } from './calendar-feed.service';

const tags = ['calendar'];
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const calendarBody = {
  description: 'An iCalendar document (RFC 5545)',
  content: { [CALENDAR_TYPE]: { schema: icalendarSchema } },
};

/**
 * Calendar feeds (docs/bookings-and-calendar.md#calendar-feeds): each user's secret `.ics` address, and one booking's event. Answers are
 * personal (`Cache-Control: private, no-store`, set for the whole API in app.ts), and the feed's
 * token is kept out of the logs (lib/redact-url.ts).
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;

  app.get('/api/calendar/feed', {
    schema: {
      tags,
      summary: 'The signed-in user’s secret calendar feed address (made on first use)',
      response: { 200: calendarFeedResponseSchema, ...errorResponses(401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const url = await getFeedUrl({ db: app.db, actor: currentAuth(request).user, publicUrl });
      return { success: true as const, url };
    },
  });

  app.post('/api/calendar/feed', {
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Replace the calendar feed address: the old one stops working at once',
      response: { 200: calendarFeedResponseSchema, ...errorResponses(401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const url = await replaceFeedUrl({ db: app.db, actor: currentAuth(request).user, publicUrl });
      return { success: true as const, url, message: MESSAGES.calendar.feedReplaced };
    },
  });

  app.get('/api/calendar/:token.ics', {
    schema: {
      tags,
      summary: 'A user’s bookings as an iCalendar feed (no session: the secret address is the key)',
      description:
        'One all-day event per booking (pending TENTATIVE, accepted and completed CONFIRMED, cancelled and rejected CANCELLED), from a year back on.',
      params: calendarTokenParamsSchema,
      response: { 200: calendarBody, ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const body = await renderFeed({ db: app.db, token: request.params.token, publicUrl });
      return reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', 'inline; filename="sherehe.ics"')
        .send(body);
    },
  });

  app.get('/api/bookings/:id/ics', {
    schema: {
      tags,
      summary: 'One booking as an iCalendar event (its client and its planner)',
      params: idParamsSchema,
      response: { 200: calendarBody, ...errorResponses(401, 404, 409) },
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      const id = parseId(request.params.id, MESSAGES.bookings.notFound);
      const body = await renderBookingEvent({
        db: app.db,
        actor: currentAuth(request).user,
        id,
        publicUrl,
        lang: request.lang,
      });
      return reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', `attachment; filename="sherehe-booking-${id}.ics"`)
        .send(body);
    },
  });
};
