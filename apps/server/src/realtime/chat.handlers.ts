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
 * New messages, sent through the adapter to the other processes to deliver to their sockets: one
 * adapter message carries every notification of one turn of the event loop (docs/decisions/031).
 */
const DELIVER_EVENT = 'chat:deliver';
/**
 * The most notifications' JSON one adapter message carries: the adapter stores a payload over
 * 8,000 bytes in a table and notifies its id (an insert and a read more), so a batch stays under
 * it with room for the adapter's own envelope.
 */
const DELIVER_BATCH_BYTES = 7_000;

const isNotification = (value: unknown): value is ChatNotification => {
  if (value === null || typeof value !== 'object') return false;
  const { bookingId, message } = value as Partial<ChatNotification>;
  return (
    typeof bookingId === 'string' &&
    message !== null &&
    typeof message === 'object' &&
    typeof (message as { receiver?: unknown }).receiver === 'string'
  );
};

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
  clustered,
}: {
  app: FastifyInstance;
  io: ChatServer;
  on: OnEvent;
  limiter: ReturnType<typeof createSocketLimiter>;
  /** Other server processes may hold the parties' sockets (the PostgreSQL adapter carries events). */
  clustered: boolean;
}) {
  /** A new message to this process's sockets: the booking's room, and the receiver's own sockets. */
  const deliverHere = (notification: ChatNotification) => {
    io.local.to(bookingRoom(notification.bookingId)).emit(ServerEvents.newMessage, notification.message);
    io.local.to(userRoom(notification.message.receiver)).emit(ServerEvents.notification, notification);
  };
  // From the other processes: only servers publish on the adapter's channel.
  io.on(DELIVER_EVENT, (...notifications: unknown[]) => {
    for (const notification of notifications) if (isNotification(notification)) deliverHere(notification);
  });
  // To the other processes: the messages stored in one turn (a batch of sends is committed and
  // answered together) leave together, in the order they were stored.
  let outbox: ChatNotification[] = [];
  let outboxBytes = 0;
  const sendOutbox = () => {
    const batch = outbox;
    outbox = [];
    outboxBytes = 0;
    if (batch.length > 0) io.serverSideEmit(DELIVER_EVENT, ...batch);
  };
  const deliverElsewhere = (notification: ChatNotification) => {
    const bytes = Buffer.byteLength(JSON.stringify(notification));
    if (outbox.length > 0 && outboxBytes + bytes > DELIVER_BATCH_BYTES) sendOutbox();
    if (outbox.length === 0) setImmediate(sendOutbox);
    outbox.push(notification);
    outboxBytes += bytes;
  };

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
    // receiver's own sockets wherever they are connected. The other processes are told once, with
    // both events' content in one adapter message, not once per event (docs/decisions/030), and
    // with the other messages of the moment (docs/decisions/031).
    if (created) {
      const notification: ChatNotification = {
        bookingId: booking.id,
        packageId: booking.packageId,
        packageTitle: booking.packageTitle,
        sender: message.sender,
        message,
      };
      deliverHere(notification);
      if (clustered) deliverElsewhere(notification);
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
