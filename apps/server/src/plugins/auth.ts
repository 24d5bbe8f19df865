import { MESSAGES } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PlanRow, UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { MAX_TOKEN_LENGTH } from '../lib/tokens';
import { type EndedSessions, type SessionStore, startSessionStore } from '../modules/sessions';

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
    /** Signed-in sessions, kept in this process for `SESSION_CACHE_SECONDS` (modules/sessions). */
    sessionStore: SessionStore;
    /**
     * After a change that ended sessions (logout, password reset, role change, deletion) or changed
     * someone else's user row committed: no process answers from what it kept of them any more once
     * this resolves (docs/security.md#sessions).
     */
    sessionsChanged(ended: EndedSessions): Promise<void>;
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

/**
 * The sessions this process keeps (`app.sessionStore`) and `app.sessionsChanged`, on the root app:
 * the routes that end sessions and the tests see them.
 */
export async function addSessionStore(app: FastifyInstance): Promise<void> {
  const store = await startSessionStore(app.database, {
    ttlMs: app.config.sessionCacheMs,
    onListening: (on) => {
      if (!on) app.log.warn('session cache: not listening for drops; sessions are read from the database');
      else app.log.debug('session cache: listening for drops');
    },
  });
  app.decorate('sessionStore', store);
  app.decorate('sessionsChanged', (ended: EndedSessions) => store.forget(ended));
  app.addHook('onClose', () => store.close());
}

/** Resolves the session of every API request into `request.auth` (null for guests). */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const secure = app.config.isProduction;
  const store = app.sessionStore;

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
    const session = await store.find(found.token);
    if (!session) {
      if (found.via === 'cookie') app.clearSessionCookie(reply);
      return;
    }
    request.auth = { user: session.user, plan: session.plan, tokenHash: session.tokenHash, via: found.via };
    if (session.renewed && found.via === 'cookie')
      app.setSessionCookie(reply, found.token, session.expiresAt);
  });
  // A signed-in change (a name, a plan, a password…) may have changed what is kept of its user: the
  // next request of theirs reads it again here, without waiting for the notification to come back.
  app.addHook('onSend', async (request) => {
    if (request.auth && request.method !== 'GET' && request.method !== 'HEAD')
      store.cache.dropUser(request.auth.user.id);
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
