import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from './build-app';
import { createUser } from './factories';

// The frame the web build writes, and a stand-in for its server renderer (apps/web/dist-ssr): the
// real renderer's output is checked in the browser tests (e2e/tests/server-rendering.spec.ts);
// these check what the server does with it.
const CSS = 'body{color:#1c1917}';
const BOOT = 'document.documentElement.dataset.booted=""';
const INDEX_HTML = [
  '<!doctype html><html lang="en"><head><title>Sherehe</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const RENDERER = `
export const SSR_PATTERNS = ['/', '/packages/:id', '/broken'];
export async function render({ url, user, fetch }) {
  globalThis.ssrRenders = (globalThis.ssrRenders ?? 0) + 1;
  if (url === '/broken') throw new Error('the renderer failed');
  const plans = await (await fetch('/api/plans')).json();
  let writeRefused = false;
  try { await fetch('/api/auth/logout', { method: 'POST' }); } catch { writeRefused = true; }
  const name = user ? user.username : 'a guest';
  return {
    html: '<link rel="preload" as="image" href="/uploads/a.webp"/><title>Page · Sherehe</title>' +
      '<main>' + name + ' sees ' + plans.plans.length + " plans at " + url + '; costs $& $\\' ; writes refused: ' + writeRefused + '</main>',
    state: JSON.stringify({ user, loads: {}, queries: null }),
  };
}`;

const INDEX_HTML_SW = INDEX_HTML.replace('lang="en"', 'lang="sw"')
  .replaceAll('"/assets/', '"/sw/assets/')
  .replace('index-abc.js', 'index-sw.js')
  .replace('index-c1.css', 'index-s1.css');

const RENDERER_SW = `
export const SSR_PATTERNS = ['/', '/packages/:id'];
export async function render({ url, user }) {
  globalThis.ssrRenders = (globalThis.ssrRenders ?? 0) + 1;
  return {
    html: '<title>Ukurasa · Sherehe</title><main>' + (user ? user.username : 'mgeni') + ' anasoma ' + url + '</main>',
    state: JSON.stringify({ user, loads: {}, queries: null }),
  };
}`;

let t: TestContext;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sherehe-ssr-'));
  const webDist = path.join(root, 'dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await mkdir(path.join(webDist, '.vite'));
  await mkdir(path.join(root, 'dist-ssr'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'assets/index-c1.css'), CSS);
  await writeFile(path.join(webDist, 'assets/boot-b1.js'), BOOT);
  await writeFile(
    path.join(webDist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js' },
      'src/boot.ts': { file: 'assets/boot-b1.js' },
    }),
  );
  await writeFile(
    path.join(webDist, '.vite/route-preloads.json'),
    JSON.stringify([{ pattern: '/packages/:id', files: ['assets/package-route-p1.js'] }]),
  );
  await writeFile(path.join(root, 'dist-ssr/entry-server.js'), RENDERER);
  // The Kiswahili build, inside the English one and served under /sw/ (docs/decisions/017).
  const swDist = path.join(webDist, 'sw');
  await mkdir(path.join(swDist, 'assets'), { recursive: true });
  await mkdir(path.join(swDist, '.vite'));
  await mkdir(path.join(root, 'dist-ssr/sw'));
  await writeFile(path.join(swDist, 'index.html'), INDEX_HTML_SW);
  await writeFile(path.join(swDist, 'assets/index-s1.css'), CSS);
  await writeFile(path.join(swDist, 'assets/index-sw.js'), 'console.log("Habari")');
  await writeFile(
    path.join(swDist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-sw.js' },
      'src/boot.ts': { file: 'assets/boot-s1.js' },
    }),
  );
  await writeFile(
    path.join(swDist, '.vite/route-preloads.json'),
    JSON.stringify([{ pattern: '/packages/:id', files: ['assets/package-route-s1.js'] }]),
  );
  await writeFile(path.join(root, 'dist-ssr/sw/entry-server.js'), RENDERER_SW);
  t = await createTestApp({ WEB_DIST: webDist });
});

afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('pages rendered on the server', () => {
  it('puts the rendered page in #root, with its state, its title and image preload in <head>', async () => {
    const response = await page('/packages/123?x=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toContain(
      `<div id="root"><main>a guest sees 4 plans at /packages/123?x=1; costs $& $' ; writes refused: true</main></div>`,
    );
    expect(html).toContain(
      '<script type="application/json" id="ssr-state">{"user":null,"loads":{},"queries":null}</script>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Page · Sherehe</title>']);
    expect(head).toContain('<link rel="preload" as="image" href="/uploads/a.webp"/>');
  });

  it('renders for the signed-in visitor of the session cookie', async () => {
    const user = await createUser(t.database.db, { username: 'Wanjiru Rendered' });
    const response = await page('/', { cookie: `sherehe_session=${user.token}` });
    expect(response.body).toContain('<main>Wanjiru Rendered sees 4 plans at /;');
    expect(response.body).toContain('"username":"Wanjiru Rendered"');
    // Personal: no cache at all may keep it, not even the browser's.
    expect(response.headers['cache-control']).toBe('private, no-store');
    const stale = await page('/', { cookie: 'sherehe_session=not-a-session' });
    expect(stale.body).toContain('<main>a guest sees');
  });

  it('inlines the stylesheet and the boot script, each allowed by its hash in the CSP, and loads the code through the boot script', async () => {
    const response = await page('/packages/123');
    const html = response.body;
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    const hash = createHash('sha256').update(CSS).digest('base64');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(policy).not.toContain('unsafe-inline');
    // The app's code is named for the boot script, not fetched ahead of the content.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).toContain('<meta name="app-entry" content="/assets/index-abc.js">');
    expect(html).toContain(
      '<meta name="app-preload" content="/assets/react-r1.js /assets/package-route-p1.js">',
    );
    // The boot script is in the page itself: it keeps taps from the first paint on.
    expect(html).toContain(`<script type="module">${BOOT}</script>`);
    expect(html).not.toContain('src="/assets/boot-b1.js"');
    const bootHash = createHash('sha256').update(BOOT).digest('base64');
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${bootHash.replace(/[+/]/g, '\\$&')}'`));
  });

  it('compresses a rendered page for browsers that accept it', async () => {
    const plain = await page('/');
    const brotli = await page('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('sends the plain app when the renderer fails, and for pages it does not render', async () => {
    for (const url of ['/broken', '/dashboard/bookings', '/packages']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('ssr-state');
      expect(response.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('starts, and sends the plain app, when the renderer cannot be loaded', async () => {
    const broken = await mkdtemp(path.join(os.tmpdir(), 'sherehe-ssr-broken-'));
    try {
      await mkdir(path.join(broken, 'dist'));
      await mkdir(path.join(broken, 'dist-ssr'));
      await writeFile(path.join(broken, 'dist/index.html'), INDEX_HTML);
      await writeFile(path.join(broken, 'dist-ssr/entry-server.js'), 'export const = ;');
      const other = await createTestApp({ WEB_DIST: path.join(broken, 'dist') });
      try {
        const response = await other.app.inject({ method: 'GET', url: '/' });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root"></div>');
      } finally {
        await other.close();
      }
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('answers API addresses as before', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/packages/not-an-id' });
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('pages in Kiswahili (docs/decisions/017)', () => {
  it('renders /sw/… addresses with the Kiswahili build: its renderer, <html lang="sw">, its files under /sw/', async () => {
    const response = await page('/sw/packages/123?x=1');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="sw">/);
    expect(html).toContain('<div id="root"><main>mgeni anasoma /sw/packages/123?x=1</main></div>');
    expect(html).toContain('<title>Ukurasa · Sherehe</title>');
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).toContain('<meta name="app-entry" content="/sw/assets/index-sw.js">');
    expect(html).toContain('/sw/assets/package-route-s1.js');
    expect(html).toContain('<script type="module" crossorigin src="/sw/assets/boot-s1.js"></script>');
    // The Kiswahili home page, with and without the slash.
    expect((await page('/sw')).body).toContain('<main>mgeni anasoma /sw</main>');
    expect((await page('/sw/')).body).toContain('<main>mgeni anasoma /sw/</main>');
    // A page the Kiswahili renderer does not render is its plain app, still in Kiswahili.
    const plain = await page('/sw/dashboard/bookings');
    expect(plain.body).toMatch(/^<!doctype html><html lang="sw">/);
    expect(plain.body).toContain('src="/sw/assets/index-sw.js"');
  });

  it('names both languages of every rendered page with hreflang alternates', async () => {
    for (const url of ['/packages/123?x=1', '/sw/packages/123?x=1']) {
      const head = (await page(url)).body.split('</head>')[0];
      expect(head).toContain(
        '<link rel="alternate" hreflang="en" href="http://localhost:3000/packages/123?x=1">',
      );
      expect(head).toContain(
        '<link rel="alternate" hreflang="sw" href="http://localhost:3000/sw/packages/123?x=1">',
      );
      expect(head).toContain(
        '<link rel="alternate" hreflang="x-default" href="http://localhost:3000/packages/123?x=1">',
      );
    }
  });

  it('sends someone who chose Kiswahili from an English address to its Kiswahili one, and reads /sw/ as asked', async () => {
    const chosen = await page('/packages/123?x=1', { cookie: 'lang=sw' });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('/sw/packages/123?x=1');
    expect((await page('/', { cookie: 'lang=sw' })).headers.location).toBe('/sw');
    const english = await page('/packages/123', { cookie: 'lang=en' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toMatch(/^<!doctype html><html lang="en">/);
    const asked = await page('/sw/packages/123', { cookie: 'lang=en' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('mgeni anasoma');
  });

  it('serves the Kiswahili build’s hashed files for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw/assets/index-sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("Habari")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('guests’ pages kept by the read cache (docs/decisions/010)', () => {
  let cached: TestContext;
  const renders = () => (globalThis as { ssrRenders?: number }).ssrRenders ?? 0;
  const visit = (url: string, headers: Record<string, string> = {}) =>
    cached.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    cached = await createTestApp({ WEB_DIST: path.join(root, 'dist'), READ_CACHE_SECONDS: '30' });
  });
  afterAll(() => cached?.close());

  it('renders a guest’s page once and sends it again, compressed once per encoding', async () => {
    const before = renders();
    const first = await visit('/packages/kept');
    expect(first.headers['x-cache']).toBeUndefined();
    const again = await visit('/packages/kept');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    const brotli = await visit('/packages/kept', { 'accept-encoding': 'br' });
    const brotliAgain = await visit('/packages/kept', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(brotliAgain.rawPayload).toString()).toBe(first.body);
    expect(brotliAgain.rawPayload.equals(brotli.rawPayload)).toBe(true);
    expect(renders() - before).toBe(1);
    // Another address is another page.
    await visit('/packages/kept?tab=reviews');
    expect(renders() - before).toBe(2);
  });

  it('keeps each language’s page apart', async () => {
    const english = await visit('/packages/both');
    const kiswahili = await visit('/sw/packages/both');
    expect(kiswahili.body).toContain('mgeni anasoma /sw/packages/both');
    const englishAgain = await visit('/packages/both');
    const kiswahiliAgain = await visit('/sw/packages/both');
    expect(englishAgain.headers['x-cache']).toBe('hit');
    expect(kiswahiliAgain.headers['x-cache']).toBe('hit');
    expect(englishAgain.body).toBe(english.body);
    expect(englishAgain.body).toContain('<html lang="en">');
    expect(kiswahiliAgain.body).toBe(kiswahili.body);
  });

  it('always renders for a signed-in visitor, and renders again after a write', async () => {
    const user = await createUser(cached.database.db, { username: 'Never Kept' });
    await visit('/');
    const before = renders();
    const mine = await visit('/', { cookie: `sherehe_session=${user.token}` });
    expect(mine.body).toContain('Never Kept sees');
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(renders() - before).toBe(1);
    expect((await visit('/')).headers['x-cache']).toBe('hit');

    // A change to someone's public profile: every kept page may show it.
    const write = await injectAs(cached, user, 'PATCH', '/api/user/profile', { bio: 'Kept no more.' });
    expect(write.statusCode).toBe(200);
    const after = await visit('/');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(renders() - before).toBe(2);
  });
});
