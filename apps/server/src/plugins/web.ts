import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Paths that never fall back to the SPA's index.html. */
const NOT_SPA = /^\/(api|uploads|socket\.io|assets)(\/|$)/;

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
        res.header('cache-control', IMMUTABLE);
        res.header('cross-origin-resource-policy', 'cross-origin');
        res.header('content-security-policy', "default-src 'none'; sandbox");
      },
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
        res.header('cache-control', relative.startsWith('assets') ? IMMUTABLE : 'no-cache');
      },
    });
  } else if (webDist) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }

  app.decorate('spaFallback', hasWeb);
  app.decorate('spaIndex', hasWeb && webDist ? indexWithPreloads(webDist) : () => '');
});

interface RoutePreload {
  pattern: string;
  files: string[];
}

/** True when `pathname` fits a pattern such as `/packages/:id`. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/' || pathname === '';
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/**
 * index.html for an address, with the page's own chunks listed as modulepreload (written by the
 * web build in .vite/route-preloads.json), so the browser fetches them alongside the entry.
 */
function indexWithPreloads(webDist: string): (url: string) => string {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const listFile = path.join(webDist, '.vite/route-preloads.json');
  const routes: RoutePreload[] = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : [];
  const pages = routes.map(({ pattern, files }) => ({
    pattern,
    html: html.replace(
      '</head>',
      `${files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}</head>`,
    ),
  }));
  return (url) => {
    const pathname = url.split('?')[0] ?? '/';
    return pages.find((page) => matches(page.pattern, pathname))?.html ?? html;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True when unknown non-API GETs answer with the SPA's index.html. */
    spaFallback: boolean;
    /** The SPA's index.html for an address, preloading that page's code. */
    spaIndex: (url: string) => string;
  }
}

export function isSpaPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return !NOT_SPA.test(pathname) && !/\.[a-z0-9]{1,8}$/i.test(pathname);
}
