import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripLangPrefix } from '@sherehe/shared/i18n';

interface RoutePreload {
  pattern: string;
  files: string[];
}

/** True when `pathname` fits a pattern such as `/packages/:id`. */
export function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/' || pathname === '';
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/**
 * index.html for an address, with the page's own chunks listed as modulepreload (written by the
 * web build in .vite/route-preloads.json), so the browser fetches them alongside the entry.
 */
export function indexWithPreloads(webDist: string, base = '/'): (url: string) => string {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const listFile = path.join(webDist, '.vite/route-preloads.json');
  const routes: RoutePreload[] = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : [];
  const pages = routes.map(({ pattern, files }) => ({
    pattern,
    html: html.replace(
      '</head>',
      `${files.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join('')}</head>`,
    ),
  }));
  return (url) => {
    const pathname = stripLangPrefix(url.split('?')[0] ?? '/');
    return pages.find((page) => matches(page.pattern, pathname))?.html ?? html;
  };
}

/**
 * Paths that never fall back to the SPA's index.html: `/metrics` among them, so the public port
 * answers it 404 like any unknown address (it is served only on METRICS_PORT, docs/metrics.md).
 */
const NOT_SPA = /^\/(api|uploads|socket\.io|assets|metrics)(\/|$)/;

export function isSpaPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return !NOT_SPA.test(pathname) && !/\.[a-z0-9]{1,8}$/i.test(pathname);
}
