import { ServerResponse } from 'node:http';
import type { ErrorCode } from '@sherehe/shared/errors';
import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import { SOCKET_PATH, type SocketError } from '@sherehe/shared/socket-events';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { AppError, errorBodyOf } from '../lib/app-error';
import { createBudgets } from '../lib/budgets';
import { requestLang } from '../lib/request-lang';
import { findSession, findSessionByHash, sessionRenewalDue } from '../modules/sessions';
import { errorBodyIn } from '../plugins/lang';
import { originAllowed } from '../plugins/security';
import { registerChatHandlers } from './chat.handlers';
import { batchNotifications } from './notify-batch';
import { createSocketLimiter, createSocketSlots } from './socket-limits';
import {
  cookieToken,
  handshakeToken,
  type SocketUser,
  sessionRoom,
  socketUser,
  userRoom,
  watchSessions,
} from './socket-session';

interface SocketData {
  user: SocketUser;
  /** The session's token hash (never the token): its room, and what its re-checks look up. */
  tokenHash: string;
  /** When the session was last found live (ms since the epoch), and when it then expired. */
  sessionCheckedAt: number;
  sessionExpiresAt: Date;
  /**
   * The language of the socket's refusals, read at the handshake as for an HTTP request (the lang
   * cookie, the user's locale, Accept-Language): switching language reloads the page, and so
   * connects again.
   */
  lang: Lang;
  /** The socket's own look-up of its session, while one is under way. */
  checking?: Promise<boolean>;
}

export type ChatServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type ChatSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type Ack = (response: unknown) => void;

/**
 * Registers a handler of a client event: its payload parsed with `schema`, its result (or a
 * refusal) the acknowledgement.
 */
export type OnEvent = <S extends z.ZodType>(
  event: string,
  schema: S,
  handler: (payload: z.output<S>, actor: SocketUser, socket: ChatSocket) => Promise<unknown>,
) => void;

/** What a socket's handshake keeps once it is connected: nothing of the request it came with. */
const NO_HEADERS = Object.freeze({});
const NO_QUERY = Object.freeze({});
const NO_AUTH = Object.freeze({});

/**
 * engine.io answers an upgrade through a stand-in response that keeps the upgrade's HTTP request
 * (its headers, its URL and some 2 KB of bookkeeping) for as long as the connection lives, through
 * a close listener on the TCP socket. Set as the response's `writeHead` (a no-op there, called as the
 * upgrade goes ahead, after which nothing reads the request), it lets the request go.
 */
function forgetUpgradeRequest(this: { req: unknown }) {
  this.req = null;
}

/** Largest frame a socket may send: a chat message is at most 2,000 characters. */
const MAX_FRAME_BYTES = 100_000;
/** How long a connect waits for the other processes to say how many sockets a user holds there. */
const COUNT_TIMEOUT_MS = 1_500;
/** Asked of the other processes through the adapter: how many sockets a user holds there. */
const SOCKET_COUNT_EVENT = 'chat:socket-count';

/** Control characters: none anywhere in a payload, but line breaks and tabs in a message's text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The fields that carry text a person wrote. */
const TEXT_FIELDS = new Set(['content']);

/**
 * Where a payload carries a control character (a key or a string, at any depth), as a path like
 * `clientId` or `attachments.0`; undefined when it carries none. Walked without recursion, so no
 * nesting can exhaust the stack.
 */
export function controlCharacterPath(payload: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: payload, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const isText = path.length === 1 && TEXT_FIELDS.has(path[0]!);
      if ((isText ? CONTROL_IN_TEXT : CONTROL).test(value)) return path.join('.');
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (CONTROL.test(key)) return [...path, key].join('.');
        stack.push({ value: inner, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * A refused event's acknowledgement: the HTTP error body in the socket's language (a failure's
 * cause stays in the log).
 */
function refusal(error: unknown, lang: Lang): SocketError {
  if (error instanceof AppError) return errorBodyIn(lang, errorBodyOf(error));
  return errorBodyIn(lang, { success: false, message: MESSAGES.chat.failed, code: 'INTERNAL' });
}

/**
 * A refused connection: socket.io hands the client the error's message and its `data`, which
 * carries the same body as an HTTP error (`connect_error` → `error.data.code`).
 */
function connectRefusal(code: ErrorCode, message: string, lang: Lang): Error {
  const data = errorBodyIn(lang, { success: false as const, message, code });
  return Object.assign(new Error(data.message), { data });
}

/**
 * socket.io on the app's own HTTP server: the transport. Only signed-in users connect (from an
 * allowed origin, within their socket and event budgets); every event is counted, its session
 * re-checked and its payload parsed before a handler runs. The chat's handlers are
 * chat.handlers.ts. With PostgreSQL, the adapter carries room broadcasts between server
 * processes, so no process-local map decides delivery.
 */
export async function attachSocketServer(app: FastifyInstance) {
  const limits = app.config.socketLimits;
  const allowedOrigins = new Set([new URL(app.config.publicUrl).origin, ...app.config.corsOrigins]);
  const io: ChatServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    cors: { origin: app.config.corsOrigins.length > 0 ? app.config.corsOrigins : false, credentials: true },
    // A cookie-authenticated handshake from a foreign page would be cross-site WebSocket hijacking.
    // Anything this throws would escape as an uncaught exception from the HTTP server's upgrade.
    allowRequest: (request, callback) => {
      let allowed = false;
      try {
        allowed =
          !cookieToken(app, request.headers.cookie) ||
          originAllowed(request.headers.origin, request.headers.host, allowedOrigins);
      } catch (error) {
        app.log.warn({ err: error }, 'socket handshake refused: unreadable headers');
      }
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });

  // The adapter gets a small pool of its own: it keeps one connection checked out for LISTEN, which
  // would otherwise stop the app's pool from ever ending on shutdown.
  let adapterPool: pg.Pool | undefined;
  /**
   * Set as the app closes: the adapter, its LISTEN connection ending with the pool, may try to
   * reconnect through the pool being ended; that is the shutdown, not an error worth a log line.
   */
  let closing = false;
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
      createAdapter(batchNotifications(adapterPool), {
        errorHandler: (error) => {
          if (closing) app.log.debug({ err: error }, 'socket.io adapter, closing');
          else app.log.error({ err: error }, 'socket.io adapter');
        },
      }),
    );
  }
  const clustered = Boolean(app.config.databaseUrl);
  io.engine.use((_request: unknown, response: unknown, next: () => void) => {
    if (!(response instanceof ServerResponse))
      (response as { writeHead: unknown }).writeHead = forgetUpgradeRequest;
    next();
  });

  // A user's budgets are decided in this process at once and settled with the other processes in
  // batches (lib/budgets.ts); a socket's own budget in its process, where it lives.
  const budgets = createBudgets({ database: app.database, log: app.log });
  const limiter = createSocketLimiter(limits, budgets.take);
  const slots = createSocketSlots();
  // Through the adapter, each disconnect reaches the sockets on every process at once.
  app.decorate('io', io);
  app.decorate('disconnectUser', (userId: string) => {
    io.in(userRoom(userId)).disconnectSockets(true);
  });
  app.decorate('disconnectSession', (tokenHash: string) => {
    io.in(sessionRoom(tokenHash)).disconnectSockets(true);
  });
  // Twice per `sessionCheckMs`: a socket's own look-up (below) is then only for a missed check.
  const sessions = watchSessions(app, () => io.of('/').sockets.values(), limits.sessionCheckMs / 2);

  // The other processes ask how many sockets a user holds here (connects and handshakes under way).
  // Not fetchSockets(): it would carry every socket's handshake, cookies and tokens included,
  // through PostgreSQL.
  io.on(SOCKET_COUNT_EVENT, (userId: unknown, reply: unknown) => {
    if (typeof reply === 'function') reply(typeof userId === 'string' ? slots.count(userId) : 0);
  });

  /** How many sockets the user holds on the other processes; what answered in time, when some do not. */
  async function socketsElsewhere(userId: string): Promise<number> {
    const responses = await new Promise<unknown[]>((resolve) => {
      const timer = setTimeout(() => resolve([]), COUNT_TIMEOUT_MS);
      io.serverSideEmit(SOCKET_COUNT_EVENT, userId, (error: Error | null, answers: unknown[]) => {
        clearTimeout(timer);
        if (error) app.log.warn({ err: error }, 'counting sockets on the other processes');
        resolve(Array.isArray(answers) ? answers : []);
      });
    });
    return responses.reduce<number>((sum, n) => sum + (typeof n === 'number' ? n : 0), 0);
  }

  /** Holds a slot for the socket, or says why not: at most `socketsPerUser` per user, all processes. */
  async function admit(socket: ChatSocket, userId: string): Promise<Error | undefined> {
    const { lang } = socket.data;
    const refused = connectRefusal('RATE_LIMITED', MESSAGES.chat.tooManySockets(limits.socketsPerUser), lang);
    // Gone while its session was looked up: its close has passed, and would never give a slot back.
    if (socket.conn.readyState !== 'open')
      return connectRefusal('UNAVAILABLE', MESSAGES.chat.unavailable, lang);
    if (!slots.reserve(userId, socket.id, limits.socketsPerUser)) return refused;
    // Given back when the connection ends, connected or not (a refused or abandoned handshake).
    const release = () => slots.release(userId, socket.id);
    socket.conn.once('close', release);
    if (clustered && slots.count(userId) + (await socketsElsewhere(userId)) > limits.socketsPerUser) {
      release();
      return refused;
    }
    return undefined;
  }

  // Never rejects: socket.io does not wait for a middleware's promise, so a rejection would be
  // unhandled, and an unhandled rejection ends the process.
  io.use(async (socket, next) => {
    const { headers } = socket.handshake;
    const cookies = () => {
      try {
        return headers.cookie ? app.parseCookie(headers.cookie) : {};
      } catch {
        return {};
      }
    };
    socket.data.lang = requestLang({ cookies: cookies(), headers });
    try {
      const token = handshakeToken(app, socket.handshake);
      const session = token ? await findSession(app.db, token) : undefined;
      if (!session)
        return next(connectRefusal('UNAUTHENTICATED', MESSAGES.chat.loginRequired, socket.data.lang));
      socket.data.lang = requestLang({ cookies: cookies(), headers, userLocale: session.user.locale });
      const refused = await admit(socket, session.user.id);
      if (refused) return next(refused);
      socket.data.user = socketUser(session.user);
      socket.data.tokenHash = session.tokenHash;
      socket.data.sessionCheckedAt = Date.now();
      socket.data.sessionExpiresAt = session.expiresAt;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket authentication failed');
      next(connectRefusal('UNAVAILABLE', MESSAGES.chat.unavailable, socket.data.lang));
    }
  });

  // A missed disconnect broadcast must not keep an ended session's socket working: the session is
  // looked up again on the first event `sessionCheckMs` after it was last found live (by the
  // periodic check, which also refreshes the user, or by this look-up), or when it is due for
  // renewal, so a chat in use keeps its session alive as requests do.
  function sessionLive(socket: ChatSocket): boolean | Promise<boolean> {
    const { data } = socket;
    if (
      Date.now() - data.sessionCheckedAt < limits.sessionCheckMs &&
      !sessionRenewalDue(data.sessionExpiresAt)
    )
      return true;
    data.checking ??= findSessionByHash(app.db, data.tokenHash)
      .then((session) => {
        if (!session) return false;
        data.user = socketUser(session.user);
        data.sessionCheckedAt = Date.now();
        data.sessionExpiresAt = session.expiresAt;
        return true;
      })
      .finally(() => {
        data.checking = undefined;
      });
    return data.checking;
  }

  /**
   * Runs a handler with a parsed payload; answers the ack (if any) with its result or a refusal.
   * Every event is counted first, whatever its name or payload, and nothing it does may reject.
   */
  async function handle(
    socket: ChatSocket,
    event: string,
    schema: z.ZodType,
    handler: (payload: unknown, actor: SocketUser, socket: ChatSocket) => Promise<unknown>,
    args: unknown[],
  ) {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
    const answer = (response: unknown) => {
      try {
        ack?.(response);
      } catch (error) {
        app.log.warn({ err: error, event }, 'socket acknowledgement failed');
      }
    };
    try {
      if (!(await limiter.event(socket.id, socket.data.user.id))) {
        return answer(refusal(new AppError('RATE_LIMITED', MESSAGES.chat.tooManyEvents), socket.data.lang));
      }
      if (!(await sessionLive(socket))) {
        answer(refusal(new AppError('UNAUTHENTICATED', MESSAGES.chat.sessionEnded), socket.data.lang));
        io.in(sessionRoom(socket.data.tokenHash)).disconnectSockets(true);
        return;
      }
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        return answer(
          refusal(
            new AppError('VALIDATION', errors[0]?.message ?? MESSAGES.generic.invalidInput, { errors }),
            socket.data.lang,
          ),
        );
      }
      // A NUL or other control character would reach the database (and fail there) or the log.
      const badPath = controlCharacterPath(args[0]);
      if (badPath !== undefined) {
        const message = MESSAGES.security.controlCharacters;
        return answer(
          refusal(
            new AppError('VALIDATION', message, { errors: [{ path: badPath, message }] }),
            socket.data.lang,
          ),
        );
      }
      answer(await handler(parsed.data, socket.data.user, socket));
    } catch (error) {
      if (!(error instanceof AppError)) app.log.error({ err: error, event }, 'socket handler failed');
      answer(refusal(error, socket.data.lang));
    }
  }

  // The handlers by event name, and one listener for every socket (socket.io's `onAny`, shared: an
  // emitter calls a listener with itself as `this`) that finds an event's handler: no table of
  // listeners, nor closures, in each of 10,000 sockets. An event no handler knows counts against
  // the budgets like any other, and is answered as invalid input.
  type Handler = { schema: z.ZodType; handler: Parameters<typeof handle>[3] };
  const handlers = new Map<string, Handler>();
  const unknownEvent: Handler = {
    schema: z.unknown(),
    handler: async () => {
      throw new AppError('VALIDATION', MESSAGES.generic.invalidInput);
    },
  };
  const on: OnEvent = (event, schema, handler) => {
    handlers.set(event, { schema, handler: handler as Handler['handler'] });
  };
  function dispatch(this: ChatSocket, event: unknown, ...args: unknown[]) {
    const name = String(event);
    const { schema, handler } = handlers.get(name) ?? unknownEvent;
    void handle(this, name, schema, handler, args);
  }
  registerChatHandlers({ app, io, on, limiter, clustered });
  function releaseSlot(this: ChatSocket) {
    slots.release(this.data.user.id, this.id);
  }

  io.on('connection', (socket: ChatSocket) => {
    const { user, tokenHash } = socket.data;
    // The handshake has been read: neither the upgrade's HTTP request nor the handshake's copy of its
    // headers, query and token need live as long as the socket (socket.io's memory advice).
    (socket.conn as { request: unknown }).request = null;
    const { handshake } = socket;
    handshake.headers = NO_HEADERS;
    handshake.query = NO_QUERY;
    handshake.auth = NO_AUTH;
    handshake.url = '';
    handshake.time = '';
    socket.on('disconnect', releaseSlot);
    Promise.resolve(socket.join([userRoom(user.id), sessionRoom(tokenHash)])).catch((error) =>
      app.log.error({ err: error }, 'socket could not join its rooms'),
    );
    socket.onAny(dispatch);
  });

  // Before the HTTP server closes: drop the sockets (they would hold it open), then the adapter.
  app.addHook('preClose', async () => {
    sessions.stop();
    budgets.close();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  // io.close() would also close the HTTP server, which Fastify closes itself: close the adapter only.
  app.addHook('onClose', async () => {
    closing = true;
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
    io: ChatServer;
    /** Ends every socket of a user, on every process: role change, deletion, password reset. */
    disconnectUser(userId: string): void;
    /** Ends the sockets of one session (a logout), on every process; the user's other devices stay. */
    disconnectSession(tokenHash: string): void;
  }
}
