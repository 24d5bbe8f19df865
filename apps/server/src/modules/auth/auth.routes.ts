import { MESSAGES } from '@sherehe/shared/messages';
import {
  authResponseSchema,
  isAuthResponseSchema,
  type LoginBody,
  loginBodySchema,
  registerBodySchema,
} from '@sherehe/shared/schemas/auth';
import { successSchema } from '@sherehe/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddress, limitRequests, routeLimit } from '../../lib/request-limits';
import { readToken } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { presentUser } from '../users';
import { logIn, logOut, registerUser } from './auth.service';

const tags = ['auth'];

/** The account a login names: its e-mail address, trimmed and lower-cased by the schema. */
const accountOf = (request: FastifyRequest) => (request.body as LoginBody).email;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits } = app.config;
  app.post('/api/auth/register', {
    schema: {
      tags,
      summary: 'Create an account (client or planner) and start a session',
      body: registerBodySchema,
      response: { 201: authResponseSchema, ...errorResponses(400, 409, 429) },
    },
    // Per address only, and generous: many phones share one carrier address.
    config: { keepsPublicReads: true, rateLimit: routeLimit(limits.registerPerAddress) },
    handler: async (request, reply) => {
      const result = await registerUser({ db: app.db, input: request.body, lang: request.lang });
      app.setSessionCookie(reply, result.session.token, result.session.expiresAt);
      return reply.code(201).send({
        success: true,
        message: MESSAGES.auth.registered,
        token: result.session.token,
        user: presentUser(result.user, result.plan, app.storage),
      });
    },
  });

  app.post('/api/auth/login', {
    schema: {
      tags,
      summary: 'Log in with email and password',
      body: loginBodySchema,
      response: { 200: authResponseSchema, ...errorResponses(400, 401, 429) },
    },
    // Three limits. Per address overall (generous: many phones share one carrier address), before
    // the body is read. Then, once the body names the account: per address and account, so one
    // attacker cannot lock out the others behind the same address; and per account from any
    // address, so guessing from many addresses stays slow.
    config: { keepsPublicReads: true, rateLimit: routeLimit(limits.loginPerAddress) },
    preHandler: limitRequests(app.limiter, [
      {
        name: 'login-address-account',
        limit: limits.loginPerAddressAccount,
        key: (request) => `${clientAddress(request)}|${accountOf(request)}`,
      },
      {
        name: 'login-account',
        limit: limits.loginPerAccount,
        key: accountOf,
      },
    ]),
    handler: async (request, reply) => {
      const result = await logIn({ db: app.db, input: request.body });
      app.setSessionCookie(reply, result.session.token, result.session.expiresAt);
      return {
        success: true as const,
        message: MESSAGES.auth.loggedIn,
        token: result.session.token,
        user: presentUser(result.user, result.plan, app.storage),
      };
    },
  });

  app.post('/api/auth/logout', {
    // Changes nothing a public read shows: the read cache stays (docs/decisions/010).
    config: { keepsPublicReads: true },
    schema: { tags, summary: 'End the current session', response: { 200: successSchema } },
    handler: async (request, reply) => {
      await logOut({ db: app.db, tokenHash: request.auth?.tokenHash, token: readToken(request)?.token });
      // This session's sockets only: the user's other devices stay signed in. A token that named
      // no live session has no sockets either (the sockets' own checks end those of an expired one).
      if (request.auth) {
        await app.sessionsChanged({ tokenHash: request.auth.tokenHash });
        app.disconnectSession(request.auth.tokenHash);
      }
      app.clearSessionCookie(reply);
      return { success: true as const };
    },
  });

  app.get('/api/auth/is-auth', {
    schema: {
      tags,
      summary: 'Whether the request carries a live session, and its user',
      response: { 200: isAuthResponseSchema },
    },
    handler: async (request) => {
      const auth = request.auth;
      if (!auth) return { success: false as const, message: MESSAGES.auth.notLoggedIn, user: null };
      return { success: true as const, user: presentUser(auth.user, auth.plan, app.storage) };
    },
  });
};
