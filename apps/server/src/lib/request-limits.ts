import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, normalizeIP } from '@fastify/rate-limit';
import { MESSAGES } from '@sherehe/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limit } from '../config';
import { AppError } from './app-error';
import type { Limiter } from './limiter';

/** The client's address as limits see it: an IPv6 client is its /64, as the plugin's own default. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

/** A route's `config.rateLimit` for @fastify/rate-limit from a setting (keyed by address by default). */
export function routeLimit(limit: Limit) {
  return { max: limit.max, timeWindow: limit.windowMs };
}

/**
 * @fastify/rate-limit's store on the app's limiter. The plugin makes one child store per route;
 * each counts under its own prefix (the route, or the `groupId` routes share), so one address's
 * logins and sign-ups are different counters.
 */
export function limiterStore(limiter: Limiter): FastifyRateLimitStoreCtor {
  class LimiterStore implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      limiter.take(`${this.prefix}:${key}`, max, timeWindow).then(
        (result) => callback(null, { current: result.count, ttl: result.resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { groupId, routeInfo } = routeOptions as typeof routeOptions & {
        groupId?: string;
        routeInfo?: { method?: string; url?: string };
      };
      return new LimiterStore(groupId ?? `${routeInfo?.method ?? ''} ${routeInfo?.url ?? ''}`);
    }
  }
  // The plugin constructs the root store itself, with its options as the only argument.
  return class extends LimiterStore {
    constructor() {
      super('global');
    }
  };
}

/**
 * A wait told to a person, in whole minutes rounded up: 1 ("about a minute") under 90 seconds, so
 * 893 seconds reads "about 15 minutes". Retry-After keeps the exact seconds for programs.
 */
export function waitMinutes(seconds: number): number {
  return seconds < 90 ? 1 : Math.ceil(seconds / 60);
}

/** The 429 refusal's text for a wait of `seconds`. */
export function rateLimitedMessage(seconds: number): string {
  return MESSAGES.security.rateLimited(waitMinutes(seconds));
}

/** 429 with Retry-After and the usual message, as the plugin's own refusals answer. */
export function rateLimited(reply: FastifyReply, resetInMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header('retry-after', String(seconds));
  return new AppError('RATE_LIMITED', rateLimitedMessage(seconds));
}

/** One more limit of a route, beyond the one its `config.rateLimit` declares. */
export interface RequestLimit {
  /** Names the counter; two routes using the same name share it. */
  name: string;
  limit: Limit;
  /** What is counted (an address, an account); undefined skips this limit for the request. */
  key(request: FastifyRequest): string | undefined;
}

/**
 * A preHandler that counts the request against each limit in turn and refuses it at the first
 * one spent (the later ones are then not counted). It runs after the body is parsed, so limits
 * may key on what the body names (the e-mail address of a login).
 */
export function limitRequests(limiter: Limiter, limits: RequestLimit[]) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const { name, limit, key } of limits) {
      const subject = key(request);
      if (subject === undefined) continue;
      const result = await limiter.take(`${name}:${subject}`, limit.max, limit.windowMs);
      if (!result.allowed) throw rateLimited(reply, result.resetInMs);
    }
  };
}

/**
 * Counts an image upload against its user's budget, which every route that takes an image shares
 * (a profile picture, a package's): 429 once it is spent. Called once the form shows an image, so
 * a package edit without one costs nothing; before the image is decoded.
 */
export function limitUploads(limiter: Limiter, limit: Limit) {
  return limitRequests(limiter, [
    { name: 'uploads', limit, key: (request) => request.auth?.user.id ?? clientAddress(request) },
  ]);
}
