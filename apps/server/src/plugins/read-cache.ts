import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Server } from 'socket.io';
import { ReadCache } from '../lib/read-cache';
import { SESSION_COOKIE } from './auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers bigger than this are not kept (an unpaged list, say). */
const MAX_ANSWER_CHARS = 64 * 1024;
/** Memory stays bounded: at most about 32 MB of answers and 200 pages (about 60 KB each). */
const MAX_ANSWERS = 500;
const MAX_PAGES = 200;
/** The event that carries a write's invalidation to the other processes (through the adapter). */
const INVALIDATE_EVENT = 'read-cache:invalidate';

interface CachedAnswer {
  payload: string;
  headers: Record<string, string>;
}

/** A guest's rendered page, with its compressed bodies made on first use. */
export interface CachedPage {
  html: string;
  styleHash?: string;
  scriptHash?: string;
  encoded: { br?: Buffer; gzip?: Buffer };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET routes whose answer is the same for everyone: kept by the read cache (decision 010). */
    publicRead?: boolean;
    /**
     * Writes that change nothing a public read shows (sessions, bookings, messages): they leave
     * the read cache alone. Every other write empties it.
     */
    keepsPublicReads?: boolean;
  }
  interface FastifyRequest {
    /** The read cache's generation when this public read started (set on a miss). */
    readCacheSince?: number;
    /** Set by a write that turned out to change nothing (an unchanged profile save). */
    changedNothingPublic?: boolean;
    /** Says this write changed nothing public after all: the read cache stays. */
    keepPublicReads(): void;
  }
  interface FastifyInstance {
    readCache: {
      enabled: boolean;
      answers: ReadCache<CachedAnswer>;
      pages: ReadCache<CachedPage>;
      /** Drops everything kept here and, through the socket.io adapter, on the other processes. */
      invalidate(): void;
      /** Hears the other processes' writes (called once the socket server exists). */
      share(io: Server): void;
      /** Another cache of public data (a module's), dropped with this one by every write. */
      track(cache: { invalidate(): void }): void;
      /** Called after each write made through this process (not the others'), once it is dropped. */
      onWrite(listener: () => void): void;
    };
  }
}

/**
 * The read cache of docs/decisions/010: public answers and guests' pages for a few seconds, dropped
 * by every write that may change them (a request that is not a GET, HEAD or OPTIONS, was not
 * refused, and is not marked `keepsPublicReads`), here at once and on the other processes through
 * the socket.io adapter.
 */
export const readCachePlugin = fp(async (app: FastifyInstance) => {
  const ttl = app.config.readCacheMs;
  const answers = new ReadCache<CachedAnswer>(ttl, MAX_ANSWERS);
  const pages = new ReadCache<CachedPage>(ttl, MAX_PAGES);
  let io: Server | undefined;
  const tracked: { invalidate(): void }[] = [];
  const writeListeners: (() => void)[] = [];
  const dropHere = () => {
    answers.invalidate();
    pages.invalidate();
    for (const cache of tracked) cache.invalidate();
  };
  app.decorate('readCache', {
    enabled: ttl > 0,
    answers,
    pages,
    invalidate() {
      dropHere();
      for (const listener of writeListeners) listener();
      if (io && app.config.databaseUrl) {
        try {
          io.serverSideEmit(INVALIDATE_EVENT);
        } catch (error) {
          app.log.warn({ err: error }, 'read cache: the other processes were not told of a write');
        }
      }
    },
    share(server: Server) {
      io = server;
      server.on(INVALIDATE_EVENT, dropHere);
    },
    track(cache) {
      tracked.push(cache);
    },
    onWrite(listener) {
      writeListeners.push(listener);
    },
  });
  app.decorateRequest('keepPublicReads', function (this: FastifyRequest) {
    this.changedNothingPublic = true;
  });
  // Pages stored ahead (docs/decisions/023) hear of writes through the same hook.
  if (ttl <= 0 && !app.config.storedPages) return;

  // After the handler (so after its transaction committed), before the answer leaves. A refused
  // write (4xx) changed nothing, so anyone's stray POST cannot keep the cache empty.
  app.addHook('onSend', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.keepsPublicReads) return;
    if (request.changedNothingPublic) return;
    if (reply.statusCode >= 400 && reply.statusCode < 500) return;
    app.readCache.invalidate();
  });
});

/** An answer's key: its address, and its language (its `message` texts are in it, plugins/lang.ts). */
function answerKey(request: FastifyRequest): string {
  return request.lang === 'en' ? request.url : `${request.lang} ${request.url}`;
}

/**
 * The hooks that answer public reads from the cache, for the API's scope. Added before the
 * session is looked up: a kept answer costs no database call at all.
 */
export function servePublicReads(api: FastifyInstance) {
  if (!api.readCache.enabled) return;
  const { answers } = api.readCache;
  api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.publicRead) return;
    const kept = answers.get(answerKey(request));
    if (!kept) {
      request.readCacheSince = answers.generation;
      return;
    }
    return reply.headers(kept.headers).header('x-cache', 'hit').send(kept.payload);
  });
  api.addHook('onSend', async (request, reply, payload) => {
    const since = request.readCacheSince;
    if (since === undefined || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' || payload.length > MAX_ANSWER_CHARS) return payload;
    if (reply.getHeader('set-cookie') !== undefined) return payload;
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'cache-control']) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    answers.set(answerKey(request), { payload, headers }, since);
    return payload;
  });
}

/** Whether a page request comes from a guest, whose rendered page is the same for every guest. */
export function isGuest(request: FastifyRequest): boolean {
  return !request.cookies[SESSION_COOKIE] && !request.headers.authorization;
}

/**
 * Keeps the answer of a public read out of the read cache: it is the same for everyone, but may
 * change with writes that leave the cache alone (`keepsPublicReads`: bookings, blocked days).
 */
export function answerNotKept(request: FastifyRequest) {
  request.readCacheSince = undefined;
}

/**
 * Keeps the answer of a public read out of the read cache, and out of shared caches: it depends on
 * who asked (an admin's view of a package that is out of the catalogue, say), while kept answers
 * are served to everyone before the session is even looked up.
 */
export function answerOnlyForThisViewer(request: FastifyRequest, reply: FastifyReply) {
  request.readCacheSince = undefined;
  reply.header('cache-control', 'private, no-store');
}
