import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@sherehe/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';
import { createLimiter, type Limiter } from '../lib/limiter';
import { limiterStore, rateLimitedMessage } from '../lib/request-limits';
import { configureImageWork } from '../storage/images';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate-limit counters shared by every process on PostgreSQL (lib/limiter.ts). */
    limiter: Limiter;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? 'null' : origin;
  } catch {
    return 'null';
  }
}

/** Whether an origin (or `undefined`: none named) may act on this app, reached at `host`. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: Set<string>,
): boolean {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    return origin !== 'null' && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * CSRF defence (docs/security.md, Cross-site requests): a state-changing request that says where it comes from (Origin,
 * else Referer) must come from this app, its PUBLIC_URL or a CORS_ORIGINS origin. Requests
 * that name no origin at all are not from a browser page and carry no ambient risk.
 */
export function isAllowedOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  return originAllowed(origin, request.host, allowed);
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const publicOrigin = new URL(config.publicUrl).origin;
  const allowedOrigins = new Set([publicOrigin, ...config.corsOrigins]);

  const securityHeaders = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', publicOrigin],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", publicOrigin, publicOrigin.replace(/^http/, 'ws')],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // The same headers for every answer (uploads narrow their CSP further when they are served).
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });

  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });

  // Abuse limits (docs/decisions/013-rate-limits.md): the image-work bound is per process...
  configureImageWork({
    maxPixels: config.limits.imageMaxPixels,
    encodesAtOnce: config.limits.imageEncodesAtOnce,
    queue: config.limits.imageEncodeQueue,
  });
  // ...the rate-limit counters are shared by every process on PostgreSQL.
  const limiter = createLimiter({ database: app.database, log: app.log });
  app.decorate('limiter', limiter);
  app.addHook('onClose', async () => limiter.close());

  await app.register(rateLimit, {
    global: false,
    store: limiterStore(limiter),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', rateLimitedMessage(seconds));
    },
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isAllowedOrigin(request, allowedOrigins))
      throw new AppError('FORBIDDEN', MESSAGES.security.badOrigin);
  });
});

/**
 * Helmet's headers, worked out once. Its middleware parses the CSP directives every time it is
 * built, and @fastify/helmet built it for every request: about 0.2 ms of CPU each (docs/quality.md).
 */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
