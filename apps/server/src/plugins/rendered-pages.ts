import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Lang, stripLangPrefix } from '@sherehe/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth';
import { isGuest } from './read-cache';
import { indexWithPreloads, matches } from './spa-index';

/** One language's build of the web app (docs/decisions/017): the browser's files and the server's renderer. */
export interface WebBuild {
  lang: Lang;
  /** `apps/web/dist`, or `apps/web/dist/sw` for Kiswahili. */
  clientDir: string;
  /** `apps/web/dist-ssr`, or `apps/web/dist-ssr/sw`. */
  ssrDir: string;
  /** Where its files are served: '/' or '/sw/'. */
  base: string;
  /** The `hreflang` links of a page, by its address (path and query) without a language prefix. */
  alternates(pathname: string): string;
}

/** The server's renderer, built by the web app (`apps/web/dist-ssr`, docs/decisions/009). */
interface WebRenderer {
  SSR_PATTERNS: readonly string[];
  /** Pages rendered only for a signed-in visitor, with their own data (absent from older builds). */
  SIGNED_IN_SSR_PATTERNS?: readonly string[];
  render(options: {
    url: string;
    user: unknown;
    fetch: typeof fetch;
  }): Promise<{ html: string; state: string }>;
}

/** Longer than this and the visitor gets the plain app, which loads the page itself. */
const RENDER_TIMEOUT_MS = 3_000;

/**
 * Renders the public pages on the server when the web build brought its renderer, and a signed-in
 * visitor's own bookings page for them: the first screen, with its data and images, arrives in the
 * HTML instead of after the JavaScript. Any failure falls back to the plain app.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  site: WebBuild,
  /** More of a page's <head>, by its address: the tags that let it travel (modules/sharing). */
  headFor?: (url: string) => Promise<string>,
) {
  const webDist = site.clientDir;
  const entry = path.join(site.ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let web: WebRenderer;
  try {
    web = (await import(pathToFileURL(entry).href)) as WebRenderer;
  } catch (error) {
    // A broken renderer costs the first paint, not the site: the plain app still works.
    app.log.error({ err: error, entry }, 'the server renderer did not load; pages start in the browser');
    return undefined;
  }

  /**
   * The page's GETs, answered in-process. A public page's carry no credentials: only public data
   * is rendered, the same for everyone. A signed-in page's (`SIGNED_IN_SSR_PATTERNS`) carry the
   * visitor's own cookies, as the browser's GETs would: the API answers them for that visitor alone.
   */
  const inProcessFetch = (cookie?: string) =>
    (async (input: string | URL | Request, init?: RequestInit) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (method !== 'GET') throw new Error(`server rendering only reads (${method})`);
      const address = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const answer = await app.inject({
        method: 'GET',
        url: `${address.pathname}${address.search}`,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
      });
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    }) as typeof fetch;
  const publicFetch = inProcessFetch();

  async function visitor(request: FastifyRequest): Promise<unknown> {
    if (!request.cookies[SESSION_COOKIE]) return null;
    const answer = await app.inject({
      method: 'GET',
      url: '/api/auth/is-auth',
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
    });
    const body = answer.json() as { success?: boolean; user?: unknown };
    return body.success && body.user ? body.user : null;
  }

  const shellFor = renderedShells(webDist, site.base, indexWithPreloads(webDist, site.base));

  return async (
    request: FastifyRequest,
  ): Promise<{ html: string; styleHash?: string; scriptHash?: string } | undefined> => {
    const pathname = stripLangPrefix(request.url.split('?')[0] ?? '/');
    const signedInPage = (web.SIGNED_IN_SSR_PATTERNS ?? []).some((pattern) => matches(pattern, pathname));
    if (!signedInPage && !web.SSR_PATTERNS.some((pattern) => matches(pattern, pathname))) return undefined;
    // Only a signed-in visitor's own page is rendered: a guest (or an ended session) gets the plain
    // app, which sends them to log in as before.
    if (signedInPage && !request.cookies[SESSION_COOKIE]) return undefined;
    let timer: NodeJS.Timeout | undefined;
    // Read alongside the rendering; without them the page is still the page.
    const extraHead = (headFor?.(request.url) ?? Promise.resolve('')).catch((error: unknown) => {
      request.log.warn({ err: error, url: request.url }, 'the page’s sharing tags failed');
      return '';
    });
    try {
      const rendering = visitor(request).then((user) => {
        if (!signedInPage) return web.render({ url: request.url, user, fetch: publicFetch });
        if (!user) return undefined;
        return web.render({ url: request.url, user, fetch: inProcessFetch(request.headers.cookie) });
      });
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('server rendering timed out')), RENDER_TIMEOUT_MS);
      });
      const rendered = await Promise.race([rendering, timeout]);
      if (!rendered) return undefined;
      const { html, state } = rendered;
      // React emits a page's hoistable elements (its <title>, the preload of its main image) ahead
      // of the markup; they belong in <head>.
      const hoisted = /^(?:<title>[^<]*<\/title>|<(?:link|meta)\b[^>]*>)*/.exec(html)?.[0] ?? '';
      const shell = shellFor(request.url);
      let page = shell.html;
      if (hoisted.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>/, '');
      const extra = await extraHead;
      // The page's own description replaces the site's.
      if (extra.includes('<meta name="description"'))
        page = page.replace(/<meta\s+name="description"[^>]*>/, '');
      // A page with a canonical address names its languages by that address too: without the query.
      const address = extra.includes('rel="canonical"') ? (request.url.split('?')[0] ?? '/') : request.url;
      const body = page
        // Functions, not strings, as replacements: the page's text may hold `$&` or `$'`.
        .replace('</head>', () => `${hoisted}${extra}${site.alternates(stripLangPrefix(address))}</head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${html.slice(hoisted.length)}</div><script type="application/json" id="ssr-state">${state}</script>`,
        );
      return {
        html: body,
        ...(shell.styleHash ? { styleHash: shell.styleHash } : {}),
        ...(shell.scriptHash ? { scriptHash: shell.scriptHash } : {}),
      };
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'server rendering failed; sending the plain app');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * index.html as the frame of a page the server rendered (docs/decisions/009):
 * - the stylesheet inline, so the first paint waits for no other request (the page's CSP allows
 *   exactly that text, by its hash);
 * - the app's code behind src/boot.ts, which loads it once the page has loaded and been drawn, so
 *   on a slow connection the code does not compete with the text and images for bandwidth;
 * - src/boot.ts itself inline (allowed by its hash too): it keeps the taps made before the app is
 *   ready, so it must be there from the first paint, not one more round trip later.
 */
function renderedShells(webDist: string, base: string, pageFor: (url: string) => string) {
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const link = new RegExp(`<link rel="stylesheet"[^>]*href="${base}(assets/[^"]+\\.css)"[^>]*>`).exec(index);
  const css = link?.[1] ? readFileSync(path.join(webDist, link[1]), 'utf8') : undefined;
  const style =
    link && css !== undefined && !css.includes('</')
      ? {
          link: link[0],
          element: `<style>${css}</style>`,
          hash: `sha256-${createHash('sha256').update(css).digest('base64')}`,
        }
      : undefined;
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>)
    : {};
  const boot = manifest['src/boot.ts']?.file;
  const bootFile = boot ? path.join(webDist, boot) : undefined;
  const bootCode = bootFile && existsSync(bootFile) ? readFileSync(bootFile, 'utf8').trim() : undefined;
  const bootScript =
    bootCode !== undefined && !/<\/script|<!--/i.test(bootCode)
      ? { code: bootCode, hash: `sha256-${createHash('sha256').update(bootCode).digest('base64')}` }
      : undefined;

  const shells = new Map<string, { html: string; styleHash?: string; scriptHash?: string }>();
  return (url: string) => {
    const template = pageFor(url);
    let shell = shells.get(template);
    if (!shell) {
      let html = template;
      if (style) html = html.replace(style.link, () => style.element);
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
      if (boot && entry?.[1]) {
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
          (match) => match[1],
        );
        html = html
          .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
          .replace(
            entry[0],
            `<meta name="app-entry" content="${entry[1]}"><meta name="app-preload" content="${preloads.join(' ')}">${
              bootScript
                ? `<script type="module">${bootScript.code}</script>`
                : `<script type="module" crossorigin src="${base}${boot}"></script>`
            }`,
          );
      }
      shell = {
        html,
        ...(style ? { styleHash: style.hash } : {}),
        ...(bootScript && boot && entry?.[1] ? { scriptHash: bootScript.hash } : {}),
      };
      shells.set(template, shell);
    }
    return shell;
  };
}

/** A rendered page's HTML and, once made, its compressed bodies. */
interface RenderedPage {
  html: string;
  styleHash?: string;
  scriptHash?: string;
  encoded?: { br?: Buffer; gzip?: Buffer };
}

/**
 * A rendered page's headers: personal (no shared cache may keep it), its inline stylesheet and
 * script allowed by hash in its CSP. Also those of its 304 (docs/decisions/023).
 */
export function renderedPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: Pick<RenderedPage, 'styleHash' | 'scriptHash'>,
) {
  // A signed-in visitor's page carries their own data: no cache at all may keep it.
  reply
    .header('cache-control', isGuest(request) ? 'private, no-cache' : 'private, no-store')
    .header('vary', 'Cookie, Accept-Encoding');
  if (rendered.styleHash || rendered.scriptHash) {
    let policy = String(reply.getHeader('content-security-policy') ?? '');
    if (rendered.styleHash)
      policy = policy.replace(/style-src ([^;]*)/, `style-src $1 '${rendered.styleHash}'`);
    if (rendered.scriptHash)
      policy = policy.replace(/script-src ([^;]*)/, `script-src $1 '${rendered.scriptHash}'`);
    reply.header('content-security-policy', policy);
  }
  return reply;
}

/** A page's brotli body: quick to make (it is made while someone waits), small to send. */
export function brotliPage(html: string): Buffer {
  return brotliCompressSync(html, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

export function gzipPage(html: string): Buffer {
  return gzipSync(html, { level: 6 });
}

/**
 * Sends a rendered page with its headers (renderedPageHeaders), compressed on the fly (the static
 * files are compressed at build time).
 */
export function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage) {
  renderedPageHeaders(request, reply, rendered);
  // A kept page (the read cache) keeps its compressed bodies too: made once, sent many times.
  const { html, encoded = {} } = rendered;
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    encoded.br ??= brotliPage(html);
    return reply.header('content-encoding', 'br').send(encoded.br);
  }
  if (/\bgzip\b/.test(accepts)) {
    encoded.gzip ??= gzipPage(html);
    return reply.header('content-encoding', 'gzip').send(encoded.gzip);
  }
  return reply.send(html);
}
