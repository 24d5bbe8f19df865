import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema';
import { MAX_TOKEN_LENGTH } from '../lib/tokens';
import { liveSessions } from '../modules/sessions';
import { SESSION_COOKIE } from '../plugins/auth';

/** Session hashes asked about in one query by the periodic check. */
const CHECK_BATCH = 500;

/** Every socket of a user, on every process: role change, deletion, password reset. */
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of one session (one login): logout ends these and leaves the user's other devices. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

/**
 * The session cookie of a handshake. Read with the same parser as HTTP requests (@fastify/cookie),
 * which leaves a malformed escape such as `%E0%A4%A` as it is instead of throwing.
 */
export function cookieToken(app: FastifyInstance, header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return app.parseCookie(header)[SESSION_COOKIE] || undefined;
  } catch {
    return undefined;
  }
}

/** The token of a handshake: `auth.token` (any JSON may arrive there), else the session cookie. */
export function handshakeToken(
  app: FastifyInstance,
  handshake: { auth: unknown; headers: IncomingHttpHeaders },
): string | undefined {
  const { auth } = handshake;
  const fromAuth =
    auth !== null && typeof auth === 'object' && !Array.isArray(auth)
      ? (auth as Record<string, unknown>).token
      : undefined;
  const token =
    typeof fromAuth === 'string' && fromAuth ? fromAuth : cookieToken(app, handshake.headers.cookie);
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

/**
 * What a socket acts as: the user's id, name and role, not the whole row (10,000 sockets would
 * each hold a copy, password hash included). Refreshed with the session's checks.
 */
export type SocketUser = Pick<UserRow, 'id' | 'username' | 'role'>;
export const socketUser = ({ id, username, role }: SocketUser): SocketUser => ({ id, username, role });

/** What a socket keeps of its session; the periodic check refreshes it. */
export interface SocketSessionData {
  user?: SocketUser;
  /** The session's token hash (never the token). */
  tokenHash?: string;
  /** When the session was last found live (ms since the epoch), and when it then expired. */
  sessionCheckedAt?: number;
  sessionExpiresAt?: Date;
}

/**
 * Every `intervalMs`, asks in one query per 500 sessions which of this process's sockets' sessions
 * still live: disconnects the others, and refreshes the live ones' user and time of check, so
 * a socket that sends need not look its session up itself (at 10,000 sockets that was a query per
 * socket every `sessionCheckMs`). Logout and the other session ends disconnect sockets at once
 * through the adapter; this catches a socket that missed that broadcast.
 */
export function watchSessions(
  app: FastifyInstance,
  sockets: () => Iterable<{ data: SocketSessionData; disconnect(close: boolean): unknown }>,
  intervalMs: number,
) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const byHash = new Map<
        string,
        Array<{ data: SocketSessionData; disconnect(close: boolean): unknown }>
      >();
      for (const socket of sockets()) {
        const hash = socket.data.tokenHash;
        if (!hash) continue;
        const held = byHash.get(hash);
        if (held) held.push(socket);
        else byHash.set(hash, [socket]);
      }
      const hashes = [...byHash.keys()];
      for (let start = 0; start < hashes.length; start += CHECK_BATCH) {
        const batch = hashes.slice(start, start + CHECK_BATCH);
        // Asked now: a session found live was live at least until this moment.
        const checkedAt = Date.now();
        const live = await liveSessions(app.db, batch);
        for (const hash of batch) {
          const session = live.get(hash);
          for (const socket of byHash.get(hash) ?? []) {
            if (!session) {
              socket.disconnect(true);
              continue;
            }
            socket.data.user = socketUser(session.user);
            socket.data.sessionExpiresAt = session.expiresAt;
            socket.data.sessionCheckedAt = Math.max(socket.data.sessionCheckedAt ?? 0, checkedAt);
          }
        }
      }
    } catch (error) {
      app.log.warn({ err: error }, 'checking the chat sockets’ sessions failed; trying again later');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    check,
    stop() {
      clearInterval(timer);
    },
  };
}
