import { ServerEvents } from '@sherehe/shared/socket-events';
import type { FastifyInstance } from 'fastify';
import { bookingRoom } from '../../realtime/chat.handlers';
import { userRoom } from '../../realtime/socket-session';
import { presentBooking } from './bookings.presenter';
import type { QuoteNotify } from './quotes.service';

/**
 * After the commit: both parties' open pages (the bookings page, the chat) hear that the booking's
 * offer changed, with the booking as it is now, on every process (through the adapter).
 */
export function quoteNotifier(app: FastifyInstance): QuoteNotify {
  return (row) => {
    app.io
      .to([bookingRoom(row.booking.id), userRoom(row.client.id), userRoom(row.planner.id)])
      .emit(ServerEvents.quoteUpdated, { booking: presentBooking(row, app.storage) });
  };
}
