import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { categories, packages, reviews } from '../db/schema';
import type { JobHandler } from '../jobs/job-queue';
import { ReadCache } from '../lib/read-cache';
import { ObjectStore } from '../storage/object-store';
import { DiskPageStore, type PageStore, S3PageStore, type StoredPage } from '../storage/page-store';
import { isGuest, type PagesChange } from './read-cache';
import { brotliPage, gzipPage, renderedPageHeaders, type WebBuild } from './rendered-pages';

/** The job that renders again, after a write, the pages guests were reading (docs/decisions/023). */
export const RENDER_AHEAD_JOB = 'render-ahead';
/** The job that renders the pages not stored yet, a few packages at a time (STORED_PAGES_FILL). */
export const RENDER_FILL_JOB = 'render-fill';

/** Each step of the fill: this many packages (their pages and their planners' profiles)... */
const FILL_PACKAGES = 10;
/** ...then a pause, so guests' requests keep the processor. */
const FILL_PAUSE_MS = 2_000;
/** Processes starting within this window share one pass of the fill (its jobs' unique keys). */
const FILL_WINDOW_MS = 10 * 60 * 1000;

/** A stored page older than this is rendered again: it bounds what no write through the API told. */
const MAX_AGE_MS = 15 * 60 * 1000;
/** How often each process reads the time of the last write, should it have missed its news. */
const LAST_WRITE_POLL_MS = 2_000;
/**
 * The memory in front of the store: at most this many pages and bytes (the oldest leave first). It
 * keeps a page's brotli body only (a fifth of the page with its HTML and gzip body), which every
 * browser of today asks for: 2,000 package pages and their planners' profiles fit in about 30 MB.
 * A visitor that takes only gzip, or nothing compressed (a crawler, a script), is served from the
 * store. Keeping the gzip body too put those 2,250 pages at the limit, and a page pushed out was
 * read from the store again on its next visit.
 */
const MEMORY_PAGES = 4_000;
const MEMORY_BYTES = 64 * 1024 * 1024;
/** The gzip body of a page in memory, which keeps its brotli body only. */
const EMPTY = Buffer.alloc(0);
/** The pages most recently served, rendered again by the job after a write that said nothing. */
const RECENT_PAGES = 100;
/** Past this many addresses with a staleness of their own, those older than MAX_AGE_MS go. */
const STALE_ADDRESSES = 20_000;

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
 * bucket), else rendered, stored and answered. A write that may change a public page (the read
 * cache's writes) makes stale the pages it says it changes (`request.publicPagesChanged`, resolved
 * by `resolvePages`), or every page when it says nothing: here at once, on the other processes
 * through the read cache's socket.io news or, should that be missed, through the records kept in
 * the store (the time of the last write that made everything stale, and each precise write's
 * addresses), read every two seconds. The `render-ahead` job then renders those pages again (after
 * a write that said nothing, the pages guests were reading); the `render-fill` job renders the pages
 * not stored yet.
 */
export async function storedPages(
  app: FastifyInstance,
  /** The fingerprint of the web build serving an address (its language's). */
  buildOf: (url: string) => string | undefined,
): Promise<StoredPages> {
  const { config } = app;
  const store: PageStore = config.objectStorage
    ? new S3PageStore(new ObjectStore(config.objectStorage))
    : new DiskPageStore(config.dataDir);
  const memory = new ReadCache<StoredPage>(
    MAX_AGE_MS,
    MEMORY_PAGES,
    Date.now,
    (page) => page.html.length + page.br.length + page.gzip.length + 1024,
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
  /** Pages at these addresses rendered at or before the time given are stale (a precise write). */
  const staleAt = new Map<string, number>();
  /** The stale records of the store already applied, by key, with their time. */
  const seenRecords = new Map<string, number>();

  const dropAll = (upTo: number) => {
    if (upTo > staleUpTo) staleUpTo = upTo;
    memory.invalidate();
    // A rendering under way may have read what the write changed: nobody new waits for it.
    rendering = new Map();
  };
  /** Only these pages are stale: the others stay, in memory and in the store. */
  const dropSome = (urls: string[], at: number) => {
    for (const url of urls) {
      // Heard already (its news, then its record in the store, then its job): nothing more to do.
      if ((staleAt.get(url) ?? 0) >= at) continue;
      staleAt.set(url, at);
      // A page rendered since (the news came late) stays.
      if ((memory.get(url)?.renderedAt ?? at) <= at) memory.delete(url);
      rendering.delete(url);
    }
    if (staleAt.size > STALE_ADDRESSES) {
      const before = Date.now() - MAX_AGE_MS;
      for (const [url, when] of staleAt) if (when < before) staleAt.delete(url);
    }
  };
  heardOf.set(app, dropSome);
  /** Whether a page is stored and fresh (the fill leaves those alone). */
  const storedFresh = async (url: string) => {
    const build = buildOf(url);
    if (!build) return true;
    const kept = memory.get(url) ?? (await store.get(url).catch(() => undefined));
    return kept !== undefined && fresh(kept, build);
  };
  fillers.set(app, storedFresh);
  if (config.storedPagesFill) {
    const pass = Math.floor(Date.now() / FILL_WINDOW_MS);
    queueFillStep(app, { pass, after: '' }, 0);
  }
  app.readCache.resolvePagesWith((change) => resolvePages(app, change));
  app.readCache.onNews((addresses, at) => {
    if (addresses) dropSome(inBothLanguages(addresses), at);
    else dropAll(at);
  });
  app.readCache.onWrite((addresses, at) => {
    if (!addresses) {
      dropAll(at);
      store
        .recordWrite(at)
        .catch((error) => app.log.warn({ err: error }, 'stored pages: the write was not recorded'));
      queueRenderAhead(app, [...recent.keys()]);
      return;
    }
    const urls = inBothLanguages(addresses);
    dropSome(urls, at);
    store
      .recordStale(at, urls)
      .catch((error) => app.log.warn({ err: error }, 'stored pages: the stale pages were not recorded'));
    queueRenderAhead(app, urls, at);
  });
  const poll = setInterval(() => {
    store
      .lastWrite()
      .then((at) => {
        if (at > staleUpTo) dropAll(at);
      })
      .catch((error) => app.log.warn({ err: error }, 'stored pages: the last write was not read'));
    const forgetBefore = Date.now() - MAX_AGE_MS - LAST_WRITE_POLL_MS;
    for (const [key, at] of seenRecords) if (at < forgetBefore) seenRecords.delete(key);
    store
      .staleRecords(new Set(seenRecords.keys()), forgetBefore)
      .then((records) => {
        for (const record of records) {
          seenRecords.set(record.key, record.at);
          dropSome(record.urls, record.at);
        }
      })
      .catch((error) => app.log.warn({ err: error }, 'stored pages: the stale pages were not read'));
  }, LAST_WRITE_POLL_MS);
  poll.unref();
  app.addHook('onClose', async () => clearInterval(poll));

  const fresh = (page: StoredPage, build: string) =>
    page.build === build &&
    page.renderedAt > staleUpTo &&
    page.renderedAt > (staleAt.get(page.url) ?? 0) &&
    page.renderedAt > Date.now() - MAX_AGE_MS;

  /**
   * Whether what a page shows exists: `gone` when the API answers that it does not (a deleted
   * package or account, a category no longer listed), `unknown` when it could not tell (an error).
   */
  const existence = async (url: string): Promise<'exists' | 'gone' | 'unknown'> => {
    const address = STORED_ADDRESSES.find(({ pattern }) => pattern.test(url));
    const id = address?.pattern.exec(url)?.[1];
    if (!address || !id) return 'gone';
    const answer = await app.inject({
      method: 'GET',
      url: address.exists(id),
      headers: { accept: 'application/json' },
    });
    if (answer.statusCode === 404) return 'gone';
    if (answer.statusCode !== 200) return 'unknown';
    // The categories are one list: the category must be in it.
    return !url.includes('?category=') || answer.body.includes(`"${id}"`) ? 'exists' : 'gone';
  };

  const load = async (url: string, build: string, render: () => Promise<Rendered | undefined>) => {
    const since = memory.generation;
    const startedAt = Date.now();
    const kept = await store.get(url).catch((error) => {
      app.log.warn({ err: error, url }, 'stored pages: a stored page was not read');
      return undefined;
    });
    if (kept && fresh(kept, build)) {
      memory.set(url, compressedOnly(kept), since);
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
    const unchanged = memory.generation === since && startedAt > staleUpTo;
    if (!unchanged && !kept) return page;
    const exists = await existence(url);
    if (exists === 'gone' && kept) {
      // What it showed is gone, an account erased among them: its copy goes too, personal data and all.
      memory.delete(url);
      store
        .delete(url)
        .catch((error) => app.log.warn({ err: error, url }, 'stored pages: a gone page was not removed'));
    }
    // Checked after the wait: a write may have made this page stale meanwhile.
    if (unchanged && exists === 'exists' && startedAt > (staleAt.get(url) ?? 0)) {
      memory.set(url, compressedOnly(page), since);
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
      // Kept in memory as brotli only: the other bodies are read from the store, or, until the
      // store has the page, made again from the brotli body.
      if (page.gzip.length === 0 && !takesBrotli(request)) {
        const kept = await store.get(url).catch(() => undefined);
        if (kept && kept.etag === page.etag) page = kept;
        else {
          const html = brotliDecompressSync(page.br).toString('utf8');
          page = { ...page, html, gzip: gzipPage(html) };
        }
      }
      recent.delete(url);
      recent.set(url, true);
      if (recent.size > RECENT_PAGES) recent.delete(recent.keys().next().value as string);
      // Not returned: a reply is a thenable, which an async function would wait for.
      sendStoredPage(request, reply, page);
      return true;
    },
  };
}

/**
 * A page as the memory keeps it: its brotli body, copied out of the object read from the store
 * (which also holds the HTML and the gzip body), without the others.
 */
function compressedOnly(page: StoredPage): StoredPage {
  return { ...page, html: '', br: Buffer.from(page.br), gzip: EMPTY };
}

/** Whether a request takes the brotli body, the one the memory keeps. */
function takesBrotli(request: FastifyRequest): boolean {
  return /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

function sendStoredPage(request: FastifyRequest, reply: FastifyReply, page: StoredPage) {
  renderedPageHeaders(request, reply, page).header('etag', page.etag);
  const asked = String(request.headers['if-none-match'] ?? '');
  if (asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag || tag.trim() === '*'))
    return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (takesBrotli(request)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html || gunzipSync(page.gzip).toString('utf8'));
}

/** The addresses stored for a page, in English and in Kiswahili. */
function inBothLanguages(addresses: string[]): string[] {
  return [...new Set(addresses.flatMap((address) => [address, `/sw${address}`]))];
}

/** How each app's fill asks whether a page is stored and fresh. */
const fillers = new WeakMap<FastifyInstance, (url: string) => Promise<boolean>>();

/** How each app hears, when its job runs, of the pages a write made stale (before rendering them). */
const heardOf = new WeakMap<FastifyInstance, (urls: string[], at: number) => void>();

/**
 * The pages a change makes stale, read from the database as it is now (docs/decisions/023):
 * - a package: its page, its planner's profile (their packages with ratings), its category's first
 *   browse page (the cards);
 * - a review: its package's, as a package;
 * - a person: their profile, their packages' pages and categories' first pages (their name), and
 *   the pages showing their reviews (the package's page and its planner's profile);
 * - a category: its first browse page.
 */
async function resolvePages(app: FastifyInstance, change: PagesChange): Promise<string[]> {
  const { db } = app;
  const addresses = new Set<string>();
  const packageIds = new Set(change.packages ?? []);
  const categoryIds = new Set(change.categories ?? []);
  const people = change.people ?? [];
  if (change.reviews?.length)
    for (const row of await db
      .select({ packageId: reviews.packageId })
      .from(reviews)
      .where(inArray(reviews.id, change.reviews)))
      packageIds.add(row.packageId);
  if (people.length) {
    for (const person of people) addresses.add(`/user/${person}`);
    for (const row of await db
      .select({ id: packages.id, categoryId: packages.categoryId })
      .from(packages)
      .where(inArray(packages.plannerId, people))) {
      addresses.add(`/packages/${row.id}`);
      categoryIds.add(row.categoryId);
    }
    for (const row of await db
      .select({ packageId: reviews.packageId })
      .from(reviews)
      .where(inArray(reviews.clientId, people)))
      packageIds.add(row.packageId);
  }
  if (packageIds.size) {
    for (const id of packageIds) addresses.add(`/packages/${id}`);
    for (const row of await db
      .select({ plannerId: packages.plannerId, categoryId: packages.categoryId })
      .from(packages)
      .where(inArray(packages.id, [...packageIds]))) {
      addresses.add(`/user/${row.plannerId}`);
      categoryIds.add(row.categoryId);
    }
  }
  for (const id of categoryIds) addresses.add(`/packages?category=${id}`);
  return [...addresses];
}

/**
 * Adds the job that renders `urls` again: after a write that said which pages it changed (`at`),
 * those at once; after one that did not, the pages guests were reading once the writes of this
 * second are done (one such job per second at most, its unique key). Whichever process runs it.
 */
function queueRenderAhead(app: FastifyInstance, urls: string[], at?: number) {
  if (urls.length === 0) return;
  const second = Math.floor(Date.now() / 1000);
  const job =
    at === undefined
      ? {
          kind: RENDER_AHEAD_JOB,
          payload: { urls },
          uniqueKey: `${RENDER_AHEAD_JOB}:${second}`,
          runAt: new Date((second + 1) * 1000 + 100),
        }
      : { kind: RENDER_AHEAD_JOB, payload: { urls, at } };
  app.jobs
    .add(app.db, job)
    .then(() => app.jobs.wake())
    .catch((error) => app.log.warn({ err: error }, 'stored pages: the rendering ahead was not queued'));
}

/**
 * Renders the pages again as a guest would ask for them: each is then stored by `serve`. A precise
 * write's pages (`at`) are first made stale on the process running the job, should its news not
 * have arrived yet.
 */
export function renderAheadJob(app: FastifyInstance): JobHandler<{ urls: string[]; at?: number }> {
  return {
    async run({ urls, at }) {
      const pages = urls.filter((url) => STORED_ADDRESSES.some(({ pattern }) => pattern.test(url)));
      if (at !== undefined) heardOf.get(app)?.(pages, at);
      for (const url of pages) {
        await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        // Guests' requests go first: one page at a time.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    keep: ({ urls }) => ({ pages: urls.length }),
    maxAttempts: 1,
  };
}

type FillStep = { pass: number; after: string };

function queueFillStep(app: FastifyInstance, step: FillStep, delayMs: number) {
  app.jobs
    .add(app.db, {
      kind: RENDER_FILL_JOB,
      payload: step,
      uniqueKey: `${RENDER_FILL_JOB}:${step.pass}:${step.after}`,
      runAt: new Date(Date.now() + delayMs),
    })
    .catch((error) => app.log.warn({ err: error }, 'stored pages: the fill was not queued'));
}

/**
 * Renders and stores the pages not stored yet (or stale): each category's first browse page, then
 * every listed package's page and its planner's profile, both languages, by package id, a few
 * packages a step with a pause between steps; one step at a time, on whichever process, each step
 * adding the next (docs/decisions/023).
 */
export function renderFillJob(app: FastifyInstance): JobHandler<FillStep> {
  return {
    async run(step) {
      const storedFresh = fillers.get(app);
      if (!storedFresh) return;
      const addresses: string[] = [];
      if (step.after === '')
        for (const row of await app.db.select({ id: categories.id }).from(categories))
          addresses.push(`/packages?category=${row.id}`);
      const rows = await app.db
        .select({ id: packages.id, plannerId: packages.plannerId })
        .from(packages)
        .where(and(eq(packages.listed, true), step.after ? gt(packages.id, step.after) : undefined))
        .orderBy(asc(packages.id))
        .limit(FILL_PACKAGES);
      for (const row of rows) addresses.push(`/packages/${row.id}`, `/user/${row.plannerId}`);
      let rendered = 0;
      const startedAt = performance.now();
      for (const url of inBothLanguages([...new Set(addresses)])) {
        if (await storedFresh(url)) continue;
        await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        rendered += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (rendered > 0)
        app.log.info(
          { pages: rendered, msEach: Math.round((performance.now() - startedAt) / rendered) },
          'stored pages: rendered ahead',
        );
      const last = rows.at(-1);
      if (rows.length === FILL_PACKAGES && last)
        queueFillStep(app, { pass: step.pass, after: last.id }, FILL_PAUSE_MS);
    },
    keep: (step) => ({ ...step }),
    maxAttempts: 1,
  };
}
