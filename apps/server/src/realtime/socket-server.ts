import {
  bookingRefSchema,
  type ChatNotification,
  ClientEvents,
  ServerEvents,
  SOCKET_PATH,
  type SocketError,
  sendMessageSchema,
  unreadCountSchema,
} from '@sherehe/shared/socket-events';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { PlanRow, UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { createRateLimiter } from '../lib/rate-limit';
import { findSession } from '../modules/auth/sessions';
import { markRead, unreadCount } from '../modules/chat/chat.queries';
import { fetchConversation, loadChatBooking, postMessage } from '../modules/chat/chat.service';
import { originAllowed } from '../plugins/security';

interface SocketData {
  user: UserRow;
  plan: PlanRow;
}

type ChatSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type Ack = (response: unknown) => void;

/** Chat send limit per user: 10 messages in 5 seconds (per process). */
const SEND_LIMIT = { max: 10, windowMs: 5_000 };

export const userRoom = (userId: string) => `user:${userId}`;
export const bookingRoom = (bookingId: string) => `booking:${bookingId}`;

function cookieToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'sherehe_session') return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function refusal(error: unknown): SocketError {
  if (error instanceof AppError) return { success: false, message: error.message };
  return { success: false, message: 'Something went wrong. Please try again.' };
}

/**
 * socket.io on the app's own HTTP server (spec §7, DESIGN.md §2): only signed-in users connect;
 * only a booking's two parties may join, read or write its chat. With PostgreSQL, the adapter
 * carries room broadcasts between server processes, so no process-local map decides delivery.
 */
export async function attachSocketServer(app: FastifyInstance) {
  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin, ...app.config.corsOrigins]);
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: app.config.corsOrigins.length > 0 ? app.config.corsOrigins : false, credentials: true },
    // A cookie-authenticated handshake from a foreign page would be cross-site WebSocket hijacking.
    allowRequest: (request, callback) => {
      if (!cookieToken(request.headers.cookie)) return callback(null, true);
      const allowed = originAllowed(request.headers.origin, request.headers.host, allowedOrigins);
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });

  // The adapter gets a small pool of its own: it keeps one connection checked out for LISTEN, which
  // would otherwise stop the app's pool from ever ending on shutdown.
  let adapterPool: pg.Pool | undefined;
  if (app.config.databaseUrl) {
    adapterPool = new pg.Pool({ connectionString: app.config.databaseUrl, max: 3 });
    adapterPool.on('error', (error) =>
      app.log.warn({ err: error.message }, 'socket.io adapter connection lost'),
    );
    // The LISTEN connection stays checked out: its errors (the database restarting) come on the
    // client itself and would crash the process unhandled. The adapter reconnects on its own.
    adapterPool.on('connect', (client) => {
      client.on('error', (error) =>
        app.log.warn({ err: error.message }, 'socket.io adapter connection lost'),
      );
    });
    io.adapter(
      createAdapter(adapterPool, {
        errorHandler: (error) => app.log.error({ err: error }, 'socket.io adapter'),
      }),
    );
  }

  const sendLimiter = createRateLimiter(SEND_LIMIT.max, SEND_LIMIT.windowMs);
  app.decorate('io', io);
  app.decorate('disconnectUser', (userId: string) => {
    // Through the adapter, on every process: a demoted or deleted user's sockets end at once.
    io.in(userRoom(userId)).disconnectSockets(true);
  });

  io.use(async (socket, next) => {
    try {
      const authToken = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const token =
        typeof authToken === 'string' && authToken ? authToken : cookieToken(socket.handshake.headers.cookie);
      const session = token && token.length <= 128 ? await findSession(app.db, token) : undefined;
      if (!session) return next(new Error('Unauthorized: log in to use the chat.'));
      socket.data.user = session.user;
      socket.data.plan = session.plan;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket authentication failed');
      next(new Error('The chat is unavailable. Please try again shortly.'));
    }
  });

  io.on('connection', (socket: ChatSocket) => {
    const user = socket.data.user;
    void socket.join(userRoom(user.id));

    /** Runs a handler with a parsed payload; answers the ack (if any) with its result or a refusal. */
    function on<S extends z.ZodType>(
      event: string,
      schema: S,
      handler: (payload: z.output<S>) => Promise<unknown>,
    ) {
      socket.on(event, async (...args: unknown[]) => {
        const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
        const parsed = schema.safeParse(args[0]);
        if (!parsed.success) {
          ack?.({
            success: false,
            message: parsed.error.issues[0]?.message ?? 'Invalid request.',
          } satisfies SocketError);
          return;
        }
        try {
          const result = await handler(parsed.data);
          ack?.(result);
        } catch (error) {
          if (!(error instanceof AppError)) app.log.error({ err: error, event }, 'socket handler failed');
          ack?.(refusal(error));
        }
      });
    }

    on(ClientEvents.joinRoom, bookingRefSchema, async ({ bookingId }) => {
      await loadChatBooking(app.db, user, bookingId);
      await socket.join(bookingRoom(bookingId));
      return { success: true };
    });

    on(ClientEvents.leaveRoom, bookingRefSchema, async ({ bookingId }) => {
      await socket.leave(bookingRoom(bookingId));
      return { success: true };
    });

    on(ClientEvents.fetchMessages, bookingRefSchema, async ({ bookingId }) =>
      fetchConversation({ db: app.db, actor: user, bookingId }),
    );

    on(ClientEvents.markRead, bookingRefSchema, async ({ bookingId }) => {
      await loadChatBooking(app.db, user, bookingId);
      return { success: true, marked: await markRead(app.db, bookingId, user.id) };
    });

    on(ClientEvents.getUnreadCount, unreadCountSchema, async (scope) =>
      unreadCount(app.db, user.id, { bookingId: scope?.bookingId, packageId: scope?.packageId }),
    );

    on(ClientEvents.sendMessage, sendMessageSchema, async (payload) => {
      if (!sendLimiter.take(user.id)) {
        throw new AppError('RATE_LIMITED', 'You are sending messages too fast. Please wait a moment.');
      }
      const { booking, message, created } = await postMessage({ db: app.db, actor: user, payload });
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
      }
      return { success: true, message };
    });
  });

  // Before the HTTP server closes: drop the sockets (they would hold it open), then the adapter.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    sendLimiter.stop();
  });
  // io.close() would also close the HTTP server, which Fastify closes itself: close the adapter only.
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    if (adapterPool) {
      const pool = adapterPool;
      // A LISTEN connection being set up right now is never handed back: do not wait for it.
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    }
  });
  return io;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
    disconnectUser(userId: string): void;
  }
}
