import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../plugins/auth';

/** Tokens are 43 characters; anything far longer is not one and is not worth a query. */
const MAX_TOKEN_LENGTH = 128;

/** Every socket of a user, on every process: a role change or a deletion ends them. */
export const userRoom = (userId: string) => `user:${userId}`;

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
