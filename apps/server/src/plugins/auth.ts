import { MESSAGES } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PlanRow, UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { MAX_TOKEN_LENGTH } from '../lib/tokens';
import { findSession } from '../modules/sessions';

export const SESSION_COOKIE = 'sherehe_session';

export interface AuthState {
  user: UserRow;
  plan: PlanRow;
  tokenHash: string;
  /** How the token came: a cookie (subject to the origin check) or an Authorization header. */
  via: 'cookie' | 'bearer';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyInstance {
    setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

/** The token of a request: the session cookie, else `Authorization: Bearer`. */
export function readToken(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return { token, via: 'bearer' };
  }
  return undefined;
}

/** Resolves the session of every API request into `request.auth` (null for guests). */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const secure = app.config.isProduction;

  app.decorate('setSessionCookie', (reply: FastifyReply, token: string, expiresAt: Date) => {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      expires: expiresAt,
    });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const found = readToken(request);
    if (!found || found.token.length > MAX_TOKEN_LENGTH) return;
    const session = await findSession(app.db, found.token);
    if (!session) {
      if (found.via === 'cookie') app.clearSessionCookie(reply);
      return;
    }
    request.auth = { user: session.user, plan: session.plan, tokenHash: session.tokenHash, via: found.via };
    if (session.renewed && found.via === 'cookie')
      app.setSessionCookie(reply, found.token, session.expiresAt);
  });
});

/** The preHandlers that turn guests away: `requireUser` and every `requireRole(...)`. */
const signedInChecks = new WeakSet<object>();

/** preHandler: 401 for guests. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
}
signedInChecks.add(requireUser);

/** preHandler factory: 401 for guests, 403 for a role not listed. */
export function requireRole(...roles: Role[]) {
  const check = async (request: FastifyRequest): Promise<void> => {
    if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    if (!roles.includes(request.auth.user.role)) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  };
  signedInChecks.add(check);
  return check;
}

/** Whether a route's preHandler (one or a list) answers guests 401 (the OpenAPI `security` of it). */
export function needsSignedInUser(preHandler: unknown): boolean {
  return [preHandler].flat().some((handler) => typeof handler === 'function' && signedInChecks.has(handler));
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentAuth(request: FastifyRequest): AuthState {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
  return request.auth;
}
