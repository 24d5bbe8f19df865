import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JobHandler } from '../jobs/job-queue';
import { ReadCache } from '../lib/read-cache';
import { ObjectStore } from '../storage/object-store';
import { DiskPageStore, type PageStore, S3PageStore, type StoredPage } from '../storage/page-store';
import { isGuest } from './read-cache';
import { brotliPage, gzipPage, renderedPageHeaders, type WebBuild } from './rendered-pages';

/** The job that renders again, after a write, the pages guests were reading (docs/decisions/023). */
export const RENDER_AHEAD_JOB = 'render-ahead';

/** A stored page older than this is rendered again: it bounds what no write through the API told. */
const MAX_AGE_MS = 15 * 60 * 1000;
/** How often each process reads the time of the last write, should it have missed its news. */
const LAST_WRITE_POLL_MS = 2_000;
/** The memory in front of the store: at most this many pages and bytes (the oldest leave first). */
const MEMORY_PAGES = 2_000;
const MEMORY_BYTES = 64 * 1024 * 1024;
/** The pages most recently served, rendered again by the job after a write. */
const RECENT_PAGES = 100;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The addresses stored, in either language, and the public read that says the page is worth it. */
const STORED_ADDRESSES: { pattern: RegExp; exists(id: string): string }[] = [
  { pattern: new RegExp(`^(?:/sw)?/packages/(${UUID})$`), exists: (id) => `/api/packages/${id}` },
  { pattern: new RegExp(`^(?:/sw)?/user/(${UUID})$`), exists: (id) => `/api/user/profile/${id}` },
  { pattern: new RegExp(`^(?:/sw)?/packages\\?category=(${UUID})$`), exists: () => '/api/category' },
];

type Rendered = { html: string; styleHash?: string; scriptHash?: string };

/** What web.ts asks: whether a request's page is stored, and the page for it. */
export interface StoredPages {
  /** Whether this request is a guest's GET of an address whose page is stored. */
  covers(request: FastifyRequest): boolean;
  /**
   * Answers from the stored page, or renders it (`render`), stores and answers it; false when it
   * could not be rendered and nothing was sent (the caller sends the plain app).
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    build: string,
    render: () => Promise<Rendered | undefined>,
  ): Promise<boolean>;
}

/** What identifies a language's web build: a page of another build names files this one lacks. */
export function buildFingerprint(site: WebBuild): string {
  const hash = createHash('sha256');
  for (const file of [path.join(site.clientDir, 'index.html'), path.join(site.ssrDir, 'entry-server.js')])
    if (existsSync(file)) hash.update(readFileSync(file));
  return hash.digest('base64url').slice(0, 16);
}

/**
 * Guests' package pages, planner profiles and each category's first browse page, answered like
 * static files (docs/decisions/023): from memory, else from the store (DATA_DIR/pages or the
 * bucket), else rendered, stored and answered. Every write that may change a public page (the read
 * cache's writes) makes every page rendered before it stale, here at once, on the other processes
 * through the read cache's socket.io news or, should that be missed, through the time of the last
 * write kept in the store, read every two seconds; the job then renders again the pages guests were
 * reading.
 */
export async function storedPages(app: FastifyInstance): Promise<StoredPages> {
  const { config } = app;
  const store: PageStore = config.objectStorage
    ? new S3PageStore(new ObjectStore(config.objectStorage))
    : new DiskPageStore(config.dataDir);
  const memory = new ReadCache<StoredPage>(
    MAX_AGE_MS,
    MEMORY_PAGES,
    Date.now,
    (page) => page.html.length + page.br.length + page.gzip.length,
    MEMORY_BYTES,
  );
  /** Pages whose rendering started at or before this moment are stale. */
  let staleUpTo = await store.lastWrite().catch((error) => {
    app.log.warn(
      { err: error },
      'stored pages: the last write was not read; stored pages are rendered again',
    );
    return Date.now();
  });
  let rendering = new Map<string, Promise<StoredPage | undefined>>();
  const recent = new Map<string, true>();

  const dropAll = (upTo: number) => {
    if (upTo > staleUpTo) staleUpTo = upTo;
    memory.invalidate();
    // A rendering under way may have read what the write changed: nobody new waits for it.
    rendering = new Map();
  };
  app.readCache.track({ invalidate: () => dropAll(Date.now()) });
  app.readCache.onWrite(() => {
    const at = Date.now();
    dropAll(at);
    store
      .recordWrite(at)
      .catch((error) => app.log.warn({ err: error }, 'stored pages: the write was not recorded'));
    queueRenderAhead(app, [...recent.keys()]);
  });
  const poll = setInterval(() => {
    store
      .lastWrite()
      .then((at) => {
        if (at > staleUpTo) dropAll(at);
      })
      .catch((error) => app.log.warn({ err: error }, 'stored pages: the last write was not read'));
  }, LAST_WRITE_POLL_MS);
  poll.unref();
  app.addHook('onClose', async () => clearInterval(poll));

  const fresh = (page: StoredPage, build: string) =>
    page.build === build && page.renderedAt > staleUpTo && page.renderedAt > Date.now() - MAX_AGE_MS;

  const worthStoring = async (url: string) => {
    const address = STORED_ADDRESSES.find(({ pattern }) => pattern.test(url));
    const id = address?.pattern.exec(url)?.[1];
    if (!address || !id) return false;
    const answer = await app.inject({
      method: 'GET',
      url: address.exists(id),
      headers: { accept: 'application/json' },
    });
    if (answer.statusCode !== 200) return false;
    // The categories are one list: the category must be in it.
    return !url.includes('?category=') || answer.body.includes(`"${id}"`);
  };

  const load = async (url: string, build: string, render: () => Promise<Rendered | undefined>) => {
    const since = memory.generation;
    const startedAt = Date.now();
    const kept = await store.get(url).catch((error) => {
      app.log.warn({ err: error, url }, 'stored pages: a stored page was not read');
      return undefined;
    });
    if (kept && fresh(kept, build)) {
      memory.set(url, kept, since);
      return kept;
    }
    const rendered = await render();
    if (!rendered) return undefined;
    const page: StoredPage = {
      url,
      html: rendered.html,
      br: brotliPage(rendered.html),
      gzip: gzipPage(rendered.html),
      etag: `"${createHash('sha256').update(rendered.html).digest('base64url')}"`,
      ...(rendered.styleHash ? { styleHash: rendered.styleHash } : {}),
      ...(rendered.scriptHash ? { scriptHash: rendered.scriptHash } : {}),
      build,
      renderedAt: startedAt,
    };
    // Kept only when no write was heard of while it was rendered, and for what exists (an address
    // anyone can make up would fill the store).
    if (memory.generation === since && startedAt > staleUpTo && (await worthStoring(url))) {
      memory.set(url, page, since);
      // Not waited for: this visitor has their page; the store is for the next ones.
      store
        .put(page)
        .catch((error) => app.log.warn({ err: error, url }, 'stored pages: a page was not stored'));
    }
    return page;
  };

  return {
    covers(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      return isGuest(request) && STORED_ADDRESSES.some(({ pattern }) => pattern.test(request.url));
    },
    async serve(request, reply, build, render) {
      const { url } = request;
      let page = memory.get(url);
      if (!page || !fresh(page, build)) {
        const pending = rendering;
        let loading = pending.get(url);
        if (!loading) {
          loading = load(url, build, render).finally(() => {
            if (pending.get(url) === loading) pending.delete(url);
          });
          pending.set(url, loading);
        }
        page = await loading;
      }
      if (!page) return false;
      recent.delete(url);
      recent.set(url, true);
      if (recent.size > RECENT_PAGES) recent.delete(recent.keys().next().value as string);
      // Not returned: a reply is a thenable, which an async function would wait for.
      sendStoredPage(request, reply, page);
      return true;
    },
  };
}

function sendStoredPage(request: FastifyRequest, reply: FastifyReply, page: StoredPage) {
  renderedPageHeaders(request, reply, page).header('etag', page.etag);
  const asked = String(request.headers['if-none-match'] ?? '');
  if (asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag || tag.trim() === '*'))
    return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/**
 * Adds the job that renders `urls` again once the writes of this second are done: one job per
 * second of writes at most (its unique key), whichever process runs it.
 */
function queueRenderAhead(app: FastifyInstance, urls: string[]) {
  if (urls.length === 0) return;
  const second = Math.floor(Date.now() / 1000);
  app.jobs
    .add(app.db, {
      kind: RENDER_AHEAD_JOB,
      payload: { urls },
      uniqueKey: `${RENDER_AHEAD_JOB}:${second}`,
      runAt: new Date((second + 1) * 1000 + 100),
    })
    .catch((error) => app.log.warn({ err: error }, 'stored pages: the rendering ahead was not queued'));
}

/** Renders the pages again as a guest would ask for them: each is then stored by `serve`. */
export function renderAheadJob(app: FastifyInstance): JobHandler<{ urls: string[] }> {
  return {
    async run({ urls }) {
      for (const url of urls) {
        if (!STORED_ADDRESSES.some(({ pattern }) => pattern.test(url))) continue;
        await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      }
    },
    keep: ({ urls }) => ({ pages: urls.length }),
    maxAttempts: 1,
  };
}
