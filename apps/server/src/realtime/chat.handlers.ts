import { MESSAGES } from '@sherehe/shared/messages';
import {
  bookingRefSchema,
  type ChatNotification,
  ClientEvents,
  ServerEvents,
  sendMessageSchema,
  unreadCountSchema,
} from '@sherehe/shared/socket-events';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import {
  countUnread,
  fetchConversation,
  loadChatBooking,
  markConversationRead,
  postMessage,
  queueChatUnreadSms,
} from '../modules/chat';
import type { createSocketLimiter } from './socket-limits';
import type { ChatServer, OnEvent } from './socket-server';
import { userRoom } from './socket-session';

/** Every socket that has the booking's chat open. */
export const bookingRoom = (bookingId: string) => `booking:${bookingId}`;

/**
 * The chat's events, registered once for every socket: only a booking's two parties may join,
 * read or write its chat. The transport (socket-server.ts) has already counted the event, checked
 * the session and parsed the payload.
 */
export function registerChatHandlers({
  app,
  io,
  on,
  limiter,
}: {
  app: FastifyInstance;
  io: ChatServer;
  on: OnEvent;
  limiter: ReturnType<typeof createSocketLimiter>;
}) {
  on(ClientEvents.joinRoom, bookingRefSchema, async ({ bookingId }, actor, socket) => {
    await loadChatBooking(app.db, actor, bookingId);
    await socket.join(bookingRoom(bookingId));
    return { success: true };
  });

  on(ClientEvents.leaveRoom, bookingRefSchema, async ({ bookingId }, _actor, socket) => {
    await socket.leave(bookingRoom(bookingId));
    return { success: true };
  });

  on(ClientEvents.fetchMessages, bookingRefSchema, async ({ bookingId }, actor) =>
    fetchConversation({ db: app.db, actor, bookingId, publicUrl: app.config.publicUrl }),
  );

  on(ClientEvents.markRead, bookingRefSchema, async ({ bookingId }, actor) => ({
    success: true,
    marked: await markConversationRead({ db: app.db, actor, bookingId }),
  }));

  on(ClientEvents.getUnreadCount, unreadCountSchema, async (scope, actor) =>
    countUnread({
      db: app.db,
      actor,
      scope: { bookingId: scope?.bookingId, packageId: scope?.packageId },
    }),
  );

  on(ClientEvents.sendMessage, sendMessageSchema, async (payload, actor) => {
    if (!(await limiter.message(actor.id))) {
      throw new AppError('RATE_LIMITED', MESSAGES.chat.sendingTooFast);
    }
    const { booking, message, created } = await postMessage({
      db: app.db,
      actor,
      payload,
      publicUrl: app.config.publicUrl,
    });
    // Written first, told after: everyone in the room (the sender's other tabs too), and the
    // receiver's own sockets wherever they are connected.
    if (created) {
      io.to(bookingRoom(booking.id)).emit(ServerEvents.newMessage, message);
      const notification: ChatNotification = {
        bookingId: booking.id,
        packageId: booking.packageId,
        packageTitle: booking.packageTitle,
        sender: message.sender,
        message,
      };
      io.to(userRoom(message.receiver)).emit(ServerEvents.notification, notification);
      // Its receiver's SMS should it stay unread; the message is stored and told whatever becomes of it.
      await queueChatUnreadSms(app.db, app.jobs, {
        id: message._id,
        bookingId: booking.id,
        receiverId: message.receiver,
        createdAt: new Date(message.createdAt),
      }).catch((error: unknown) => {
        app.log.warn({ err: error, bookingId: booking.id }, 'chat: could not queue the unread SMS');
      });
    }
    return { success: true, message };
  });
}
