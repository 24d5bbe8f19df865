import { MESSAGES } from '@sherehe/shared/messages';
import { bookingIdOfShortCode } from '@sherehe/shared/sms-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/errors';
import { readBooking } from '../bookings';

const tags = ['notifications'];

/**
 * The short links of the SMS notices (docs/notifications.md#what-is-sent): `/b/<22 characters>`, a
 * booking's id in base64url, leads to that booking in the dashboard (its day's bookings with it in
 * focus); someone signed out goes through the login and comes back, as to any dashboard page. The
 * link says nothing of the booking; the dashboard shows it to its parties only.
 */
export const shortLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/b/:code', {
    schema: {
      tags,
      summary: 'A booking’s short link (from an SMS): to the booking in the dashboard',
      params: z.object({ code: z.string().max(64) }),
      response: {
        302: z.null().describe('To /dashboard/bookings, with the booking in focus'),
        ...errorResponses(404),
      },
    },
    handler: async (request, reply) => {
      const id = bookingIdOfShortCode(request.params.code);
      const booking = id ? await readBooking(app.db, id) : undefined;
      if (!booking) throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
      const query = new URLSearchParams({
        ...(booking.eventDate ? { day: booking.eventDate } : {}),
        booking: booking.id,
      });
      return reply.header('cache-control', 'private, no-store').redirect(`/dashboard/bookings?${query}`, 302);
    },
  });
};
