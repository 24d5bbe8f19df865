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

/**
 * What a write says it changed of the pages guests read (docs/decisions/023): the packages (their
 * pages, their planners' profiles, their categories' first pages), the reviews (as their packages),
 * the people (their profile, their packages' pages and categories, the pages showing their reviews)
 * and the categories' first pages. Resolved to addresses by the stored pages.
 */
export interface PagesChange {
  packages?: string[];
  reviews?: string[];
  people?: string[];
  categories?: string[];
}

/** Resolves a change to the addresses (English, without `/sw`) of the pages it makes stale. */
export type PagesResolver = (change: PagesChange) => Promise<string[]>;

/**
 * Hears a write's pages: `addresses` the pages it made stale (English addresses), or undefined when
 * it did not say (every page is stale); `at` when it was heard.
 */
export type PagesListener = (addresses: string[] | undefined, at: number) => void;

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
    /** The addresses this write said it makes stale (`publicPagesChanged`), resolved so far. */
    pagesStale?: Set<string>;
    /** Set when what this write changes could not be read: every page is stale. */
    pagesUnknown?: boolean;
    /** The changes this write said it makes, resolved again once it is done. */
    pagesChanges?: PagesChange[];
    /**
     * Says which public pages this write changes (docs/decisions/023): only those are made stale
     * and rendered again. Called before the write (what it changes is read as it was: a package's
     * old category, a review about to go) and resolved again after it (as it is now). A write that
     * says nothing makes every stored page stale.
     */
    publicPagesChanged(change: PagesChange): Promise<void>;
  }
  interface FastifyInstance {
    readCache: {
      enabled: boolean;
      answers: ReadCache<CachedAnswer>;
      pages: ReadCache<CachedPage>;
      /**
       * Drops everything kept here and, through the socket.io adapter, on the other processes;
       * `addresses`, when given, are the only stored pages the write made stale (else all of them).
       */
      invalidate(addresses?: string[]): void;
      /** Hears the other processes' writes (called once the socket server exists). */
      share(io: Server): void;
      /** Another cache of public data (a module's), dropped with this one by every write. */
      track(cache: { invalidate(): void }): void;
      /** Called after each write made through this process (not the others'), once it is dropped. */
      onWrite(listener: PagesListener): void;
      /** Called for each write another process told of (through the socket.io adapter). */
      onNews(listener: PagesListener): void;
      /** Says how a write's declared change becomes addresses (the stored pages do). */
      resolvePagesWith(resolver: PagesResolver): void;
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
  const writeListeners: PagesListener[] = [];
  const newsListeners: PagesListener[] = [];
  let resolver: PagesResolver | undefined;
  const dropHere = () => {
    answers.invalidate();
    pages.invalidate();
    for (const cache of tracked) cache.invalidate();
  };
  app.decorate('readCache', {
    enabled: ttl > 0,
    answers,
    pages,
    invalidate(addresses) {
      dropHere();
      const at = Date.now();
      for (const listener of writeListeners) listener(addresses, at);
      if (io && app.config.databaseUrl) {
        try {
          if (addresses) io.serverSideEmit(INVALIDATE_EVENT, addresses);
          else io.serverSideEmit(INVALIDATE_EVENT);
        } catch (error) {
          app.log.warn({ err: error }, 'read cache: the other processes were not told of a write');
        }
      }
    },
    share(server: Server) {
      io = server;
      server.on(INVALIDATE_EVENT, (addresses?: unknown) => {
        dropHere();
        const pages =
          Array.isArray(addresses) && addresses.every((address) => typeof address === 'string')
            ? (addresses as string[])
            : undefined;
        const at = Date.now();
        for (const listener of newsListeners) listener(pages, at);
      });
    },
    track(cache) {
      tracked.push(cache);
    },
    onWrite(listener) {
      writeListeners.push(listener);
    },
    onNews(listener) {
      newsListeners.push(listener);
    },
    resolvePagesWith(resolve) {
      resolver = resolve;
    },
  });
  app.decorateRequest('keepPublicReads', function (this: FastifyRequest) {
    this.changedNothingPublic = true;
  });
  app.decorateRequest('publicPagesChanged', async function (this: FastifyRequest, change: PagesChange) {
    this.pagesChanges = [...(this.pagesChanges ?? []), change];
    this.pagesStale ??= new Set();
    if (!resolver) return;
    try {
      for (const address of await resolver(change)) this.pagesStale.add(address);
    } catch (error) {
      // Not known: the write makes every page stale, as one that says nothing.
      this.log.warn({ err: error }, 'stored pages: the pages a write changes were not read');
      this.pagesUnknown = true;
    }
  });
  // Pages stored ahead (docs/decisions/023) hear of writes through the same hook.
  if (ttl <= 0 && !app.config.storedPages) return;

  // After the handler (so after its transaction committed), before the answer leaves. A refused
  // write (4xx) changed nothing, so anyone's stray POST cannot keep the cache empty.
  app.addHook('onSend', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.keepsPublicReads) return;
    if (request.changedNothingPublic) return;
    if (reply.statusCode >= 400 && reply.statusCode < 500) return;
    app.readCache.invalidate(await changedPages(request));
  });

  /**
   * The addresses a write said it changed, as they were before it and as they are now; undefined
   * (every page) when it said nothing or they could not be read.
   */
  async function changedPages(request: FastifyRequest): Promise<string[] | undefined> {
    const { pagesStale, pagesChanges } = request;
    if (!pagesStale || !pagesChanges || !resolver || request.pagesUnknown) return undefined;
    try {
      for (const change of pagesChanges)
        for (const address of await resolver(change)) pagesStale.add(address);
      return [...pagesStale];
    } catch (error) {
      request.log.warn({ err: error }, 'stored pages: the pages a write changed were not read');
      return undefined;
    }
  }
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
