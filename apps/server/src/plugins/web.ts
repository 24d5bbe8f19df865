import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LANG_COOKIE, type Lang, langOfPath, pathInLang } from '@sherehe/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml as escapeAttribute } from '../lib/html';
import { pageHead } from '../modules/sharing';
import { IMMUTABLE } from '../storage/s3-storage';
import { IMAGE_FILE_PATTERN } from '../storage/storage';
import { type CachedPage, isGuest } from './read-cache';
import { loadPageRenderer, sendRenderedPage, type WebBuild } from './rendered-pages';
import { indexWithPreloads } from './spa-index';
import { buildFingerprint, storedPages } from './stored-pages';

export { isSpaPath } from './spa-index';

/** Every uploaded image: never changes (keys are new for every upload), never runs anything. */
const UPLOAD_HEADERS = {
  'cache-control': IMMUTABLE,
  'cross-origin-resource-policy': 'cross-origin',
  'content-security-policy': "default-src 'none'; sandbox",
};

/** A rendered page larger than this is not kept by the read cache. */
const MAX_KEPT_PAGE_CHARS = 512 * 1024;

/**
 * Serves the built web app (precompressed, hashed assets cached for a year, index.html never
 * cached) and uploaded images, from the same origin as the API.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string | undefined }) => {
  const uploadsRoot = app.storage.localRoot;
  if (uploadsRoot) {
    mkdirSync(uploadsRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsRoot,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      // Keys are new for every upload, so a URL's bytes never change.
      setHeaders(res) {
        for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.header(name, value);
      },
    });
  } else {
    // Images in the bucket, read through this server at the same URLs as from the disk
    // (docs/decisions/018-object-storage.md): any process answers any upload.
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      const found = IMAGE_FILE_PATTERN.test(file) ? await app.storage.openFile(file) : undefined;
      // The same answer as the disk's static files give for a missing one.
      if (!found) return reply.callNotFound();
      reply.headers(UPLOAD_HEADERS).header('content-type', 'image/webp');
      if (found.size > 0) reply.header('content-length', String(found.size));
      return reply.send(found.stream);
    });
  }

  const webDist = opts.webDist;
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      preCompressed: true,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webDist, filePath);
        res.header('cache-control', /^(sw[\\/])?assets[\\/]/.test(relative) ? IMMUTABLE : 'no-cache');
      },
    });
  } else if (webDist) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }

  app.decorate('spaFallback', hasWeb);
  const sites = new Map<
    Lang,
    { spaIndex: (url: string) => string; renderer?: PageRenderer; fingerprint: string }
  >();
  if (hasWeb && webDist) {
    for (const build of webBuilds(webDist, app.config.publicUrl)) {
      sites.set(build.lang, {
        spaIndex: indexWithPreloads(build.clientDir, build.base),
        renderer: await loadPageRenderer(app, build, (url) => pageHead(app, url)),
        fingerprint: buildFingerprint(build),
      });
    }
  }
  // Guests' package pages, planner profiles and first browse pages, stored ahead (docs/decisions/023).
  const stored =
    app.config.storedPages && [...sites.values()].some((site) => site.renderer)
      ? await storedPages(app, (url) => sites.get(langOfPath(url))?.fingerprint)
      : undefined;
  app.decorate('sendPage', async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = langOfPath(request.url);
    // Someone who chose Kiswahili and follows an English address (a mail's link, a bookmark) reads
    // the page in Kiswahili; an explicit /sw/… address is read as it is, whatever the cookie.
    if (lang === 'en' && request.cookies[LANG_COOKIE] === 'sw' && sites.has('sw')) {
      return reply
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie')
        .redirect(pathInLang(request.url, 'sw'), 302);
    }
    const site = sites.get(lang) ?? sites.get('en');
    const renderer = site?.renderer;
    const spaIndex = site?.spaIndex ?? (() => '');
    reply.type('text/html; charset=utf-8');
    if (stored && renderer && site && stored.covers(request)) {
      if (await stored.serve(request, reply, site.fingerprint, () => renderer(request))) return reply;
      return reply.header('cache-control', 'no-cache').send(spaIndex(request.url));
    }
    // A guest's page is the same for every guest: kept for a few seconds (docs/decisions/010).
    const { pages } = app.readCache;
    const shared = app.readCache.enabled && isGuest(request);
    const kept = shared ? pages.get(request.url) : undefined;
    if (kept) return sendRenderedPage(request, reply.header('x-cache', 'hit'), kept);
    const since = pages.generation;
    const rendered = renderer ? await renderer(request) : undefined;
    if (rendered && shared && rendered.html.length <= MAX_KEPT_PAGE_CHARS) {
      const page: CachedPage = { ...rendered, encoded: {} };
      pages.set(request.url, page, since);
      return sendRenderedPage(request, reply, page);
    }
    if (rendered) return sendRenderedPage(request, reply, rendered);
    return reply.header('cache-control', 'no-cache').send(spaIndex(request.url));
  });
});

type PageRenderer = NonNullable<Awaited<ReturnType<typeof loadPageRenderer>>>;

/**
 * The web app's builds, one per language (docs/decisions/017): English at the root of `webDist`,
 * Kiswahili in its `sw/` folder, served under /sw/. A build without its Kiswahili half serves
 * English only.
 */
function webBuilds(webDist: string, publicUrl: string): WebBuild[] {
  const ssrRoot = path.join(webDist, '..', 'dist-ssr');
  const origin = publicUrl.replace(/\/+$/, '');
  const alternates = (address: string) => {
    const link = (hreflang: string, lang: Lang) =>
      `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(`${origin}${pathInLang(address, lang)}`)}">`;
    return `${link('en', 'en')}${link('sw', 'sw')}${link('x-default', 'en')}`;
  };
  const builds: WebBuild[] = [{ lang: 'en', clientDir: webDist, ssrDir: ssrRoot, base: '/', alternates }];
  const sw = path.join(webDist, 'sw');
  if (existsSync(path.join(sw, 'index.html')))
    builds.push({ lang: 'sw', clientDir: sw, ssrDir: path.join(ssrRoot, 'sw'), base: '/sw/', alternates });
  return builds;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True when unknown non-API GETs answer with the SPA's index.html. */
    spaFallback: boolean;
    /** Answers a page address: rendered on the server where it can be, else the SPA's index.html. */
    sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}
