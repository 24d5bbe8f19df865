import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ObjectStore } from '../src/storage/object-store';
import { decodePage, pageKey } from '../src/storage/page-store';
import { createTestApp, injectAs, type TestContext } from './build-app';
import { createTestDatabase } from './db';
import {
  createBookingRow,
  createCategory,
  createPackage,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from './factories';
import { form } from './images';
import { type ServerProcess, spawnServer, useDataDir } from './process';
import { startLocalS3 } from './s3';
import { writeWebBuild } from './web-build';

// Guests' package pages, planner profiles and each category's first browse page, stored when they
// are rendered and rendered again after a write (docs/decisions/023). The renderer is a stand-in
// that shows what the API answered for the page (the real one is checked in the browser tests),
// and counts its renderings.
const renderer = (lang: string) => `
export const SSR_PATTERNS = ['/packages', '/packages/:id', '/user/:userId'];
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
export async function render({ url, user, fetch }) {
  globalThis.storedPagesRenders = (globalThis.storedPagesRenders ?? 0) + 1;
  const address = url.replace(/^\\/sw(?=\\/)/, '');
  const [pathname, query] = address.split('?');
  const id = pathname.split('/')[2];
  const profile = pathname.startsWith('/user/');
  const api = profile ? '/api/user/profile/' + id
    : id ? '/api/packages/' + id : '/api/packages' + (query ? '?' + query : '');
  const answer = await fetch(api);
  let text = await answer.text();
  // A planner's profile lists their packages.
  if (profile) text += await (await fetch('/api/packages?planner=' + id)).text();
  const who = user ? user.username : 'a guest';
  return {
    html: '<title>${lang}</title><main>${lang}: ' + who + ' reads ' + answer.status + ' ' + escape(text) + '</main>',
    state: JSON.stringify({ user, loads: {}, queries: null }),
  };
}`;

declare global {
  var storedPagesRenders: number | undefined;
}
const renders = () => globalThis.storedPagesRenders ?? 0;

let root: string;
let webDist: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sherehe-stored-'));
  webDist = await writeWebBuild(root, { en: renderer('en'), sw: renderer('sw') });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const guest = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** Asks until `check` passes (a write reaches guests within seconds, not at once on every process). */
async function eventually<T>(ask: () => Promise<T>, check: (answer: T) => boolean, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await ask();
    if (check(answer)) return answer;
    if (Date.now() > deadline) throw new Error('not seen within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function plannerWithPackage(t: TestContext, title: string) {
  const planner = await createUser(t.database.db, { role: 'planner' });
  const category = await createCategory(t.database.db);
  const pkg = await createPackage(t.database.db, { plannerId: planner.id, categoryId: category.id, title });
  return { planner, category, pkg };
}

/** The page stored on disk for `url`, as a process reads it (undefined when none is). */
async function storedPage(t: TestContext, url: string) {
  const bytes = await readFile(path.join(t.dataDir, pageKey(url))).catch(() => undefined);
  return bytes && decodePage(bytes);
}

/** Waits until the page stored for each address shows `text` (rendered again by the job). */
async function storedWith(t: TestContext, urls: string[], text: string) {
  for (const url of urls)
    await eventually(
      () => storedPage(t, url),
      (page) => page?.html.includes(text) === true,
    );
}

function edit(t: TestContext, planner: TestUser, id: string, categoryId: string, title: string) {
  return injectAs(
    t,
    planner,
    'PUT',
    `/api/packages/update/${id}`,
    form({
      title,
      description: 'Edited by a test.',
      price: '1000',
      category: categoryId,
      location: 'Nairobi',
    }),
  );
}

describe('pages stored ahead, on disk', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: webDist, STORED_PAGES: 'true' });
  });
  afterAll(() => t?.close());

  it("answers a guest's package page from its stored rendering, with an ETag, and 304 to If-None-Match", async () => {
    const { pkg } = await plannerWithPackage(t, 'Stored Garden Wedding');
    const url = `/packages/${pkg.id}`;
    const first = await guest(t.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<main>en: a guest reads 200 ');
    expect(first.body).toContain('Stored Garden Wedding');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toBe('Cookie, Accept-Encoding');
    // The stored page carries the hashes its inline stylesheet and script need.
    expect(first.headers['content-security-policy']).toMatch(/style-src [^;]*'sha256-/);
    expect(first.headers['content-security-policy']).toMatch(/script-src [^;]*'sha256-/);

    const before = renders();
    const again = await guest(t.app, url);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(renders()).toBe(before);

    const unchanged = await guest(t.app, url, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe('private, no-cache');
    expect(unchanged.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(renders()).toBe(before);

    // Stored in the data folder, where a restarted process finds it.
    await eventually(
      () => readFile(path.join(t.dataDir, pageKey(url)), 'utf8').catch(() => ''),
      (stored) => stored.includes('Stored Garden Wedding'),
    );
  });

  it('sends the same page compressed with brotli or gzip, made once', async () => {
    const { pkg } = await plannerWithPackage(t, 'Compressed Wedding');
    const url = `/packages/${pkg.id}`;
    const plain = await guest(t.app, url);
    const br = await guest(t.app, url, { 'accept-encoding': 'br, gzip' });
    const gzip = await guest(t.app, url, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it("stores the Kiswahili page, a planner's profile and a category's first browse page, and no other browse page", async () => {
    const { planner, category } = await plannerWithPackage(t, 'Stored Everywhere');
    const { pkg } = await plannerWithPackage(t, 'Kwa Kiswahili');
    for (const url of [`/sw/packages/${pkg.id}`, `/user/${planner.id}`, `/sw/user/${planner.id}`]) {
      await guest(t.app, url);
      const before = renders();
      const again = await guest(t.app, url);
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBeDefined();
      expect(renders()).toBe(before);
    }
    const sw = await guest(t.app, `/sw/packages/${pkg.id}`);
    expect(sw.body).toContain('<main>sw: a guest reads 200 ');
    expect(sw.body).toContain('Kwa Kiswahili');
    for (const url of [`/packages?category=${category.id}`, `/sw/packages?category=${category.id}`]) {
      const first = await guest(t.app, url);
      expect(first.body).toContain('Stored Everywhere');
      const before = renders();
      await guest(t.app, url);
      expect(renders()).toBe(before);
    }
    // Any other query is rendered for each visit, as before.
    for (const url of [`/packages?category=${category.id}&page=2`, '/packages?q=garden']) {
      await guest(t.app, url);
      const before = renders();
      const again = await guest(t.app, url);
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBeUndefined();
      expect(renders()).toBe(before + 1);
    }
  });

  it('renders a page of nothing each time and stores nothing for it', async () => {
    const url = '/packages/00000000-0000-4000-8000-000000000000';
    const first = await guest(t.app, url);
    expect(first.body).toContain('<main>en: a guest reads 404 ');
    const before = renders();
    await guest(t.app, url);
    expect(renders()).toBe(before + 1);
    await expect(readFile(path.join(t.dataDir, pageKey(url)))).rejects.toThrow();
  });

  it('renders a signed-in visitor their own page, never the stored one', async () => {
    const { pkg } = await plannerWithPackage(t, 'Seen Signed In');
    const url = `/packages/${pkg.id}`;
    const stored = await guest(t.app, url);
    const user = await createUser(t.database.db, { username: 'Akinyi Signed In' });
    const before = renders();
    const mine = await guest(t.app, url, { cookie: `sherehe_session=${user.token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('<main>en: Akinyi Signed In reads 200 ');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(renders()).toBe(before + 1);
    // The guest's ETag does not make a 304 for someone signed in.
    const asked = await guest(t.app, url, {
      cookie: `sherehe_session=${user.token}`,
      'if-none-match': String(stored.headers.etag),
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Akinyi Signed In');
    // And guests still get theirs.
    const after = await guest(t.app, url);
    expect(after.body).toBe(stored.body);
    expect(after.body).not.toContain('Akinyi');
  });

  it("shows a package's edit to guests, with a new ETag, and stores the new page without waiting for a guest", async () => {
    const { planner, category, pkg } = await plannerWithPackage(t, 'Before The Edit');
    const url = `/packages/${pkg.id}`;
    const profile = `/user/${planner.id}`;
    const browse = `/packages?category=${category.id}`;
    const old = await guest(t.app, url);
    for (const other of [profile, browse])
      expect((await guest(t.app, other)).body).toContain('Before The Edit');

    expect((await edit(t, planner, pkg.id, category.id, 'After The Edit')).statusCode).toBe(200);
    // Rendered again by the job, from the pages guests were reading: the store holds the new page
    // before any guest asks for it.
    await eventually(
      () => readFile(path.join(t.dataDir, pageKey(url)), 'utf8').catch(() => ''),
      (stored) => stored.includes('After The Edit'),
    );
    const seen = await eventually(
      () => guest(t.app, url, { 'if-none-match': String(old.headers.etag) }),
      (answer) => answer.statusCode === 200 && answer.body.includes('After The Edit'),
    );
    expect(seen.body).not.toContain('Before The Edit');
    expect(seen.headers.etag).not.toBe(old.headers.etag);
    for (const other of [profile, browse]) {
      const page = await guest(t.app, other);
      expect(page.body).toContain('After The Edit');
      expect(page.body).not.toContain('Before The Edit');
    }
  });

  it("shows a deleted package's page as not found to guests", async () => {
    const { planner, pkg } = await plannerWithPackage(t, 'Soon Deleted');
    const url = `/packages/${pkg.id}`;
    expect((await guest(t.app, url)).body).toContain('<main>en: a guest reads 200 ');
    expect((await injectAs(t, planner, 'DELETE', `/api/packages/delete/${pkg.id}`)).statusCode).toBe(200);
    const gone = await eventually(
      () => guest(t.app, url),
      (answer) => answer.body.includes('<main>en: a guest reads 404 '),
    );
    expect(gone.body).not.toContain('Soon Deleted');
  });

  it("removes an erased planner's stored pages, in both languages, without a guest asking; others stay", async () => {
    const { planner, category, pkg } = await plannerWithPackage(t, 'Leaves With Its Planner');
    const other = await plannerWithPackage(t, 'Stays Stored');
    const theirs = [
      `/packages/${pkg.id}`,
      `/sw/packages/${pkg.id}`,
      `/user/${planner.id}`,
      `/sw/user/${planner.id}`,
    ];
    const othersPage = `/packages/${other.pkg.id}`;
    for (const url of [...theirs, othersPage]) await guest(t.app, url);
    for (const url of [...theirs, othersPage])
      await eventually(
        () => storedPage(t, url),
        (page) => page !== undefined,
      );

    const deleted = await injectAs(t, planner, 'DELETE', '/api/user/me', { password: TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    // The deletion's job renders them again: what is gone leaves the store, personal data and all.
    for (const url of theirs)
      await eventually(
        () => storedPage(t, url),
        (page) => page === undefined,
      );
    expect((await readdir(path.join(t.dataDir, 'pages'))).join()).not.toContain(
      pageKey(`/user/${planner.id}`).slice('pages/'.length),
    );
    const profile = await guest(t.app, `/user/${planner.id}`);
    expect(profile.body).toContain('<main>en: a guest reads 404 ');
    expect(profile.body).not.toContain(planner.username);
    // Nothing of the planner is stored again for its address, and another planner's page stays.
    expect(await storedPage(t, `/user/${planner.id}`)).toBeUndefined();
    expect((await storedPage(t, othersPage))?.html).toContain('Stays Stored');
    // Their category's first page stays stored, rendered again without their package.
    await storedWith(t, [`/packages?category=${category.id}`], '<main>en: a guest reads 200 ');
    const browse = await storedPage(t, `/packages?category=${category.id}`);
    expect(browse?.html).not.toContain('Leaves With Its Planner');
  });

  it('renders again, after a deploy, a page stored by the previous web build', async () => {
    const { pkg } = await plannerWithPackage(t, 'Across Builds');
    const url = `/packages/${pkg.id}`;
    const old = await guest(t.app, url);
    await eventually(
      () => readFile(path.join(t.dataDir, pageKey(url)), 'utf8').catch(() => ''),
      (stored) => stored.includes('Across Builds'),
    );
    // The next build, on the same data folder: its pages name its own files.
    const next = await writeWebBuild(path.join(root, 'next'), {
      en: renderer('en').replace(
        "'<title>en</title><main>en: '",
        "'<title>en</title><main>en, next build: '",
      ),
      sw: renderer('sw'),
    });
    const deployed = await buildApp({
      config: { ...t.config, webDist: next },
      database: t.database,
      jobWorker: false,
    });
    try {
      const page = await guest(deployed, url);
      expect(page.body).toContain('<main>en, next build: a guest reads 200 ');
      expect(page.headers.etag).not.toBe(old.headers.etag);
    } finally {
      await deployed.close();
    }
  });

  it("renders again, and stores before any guest asks, only the pages an edit changes: another package's page stays", async () => {
    const { planner, category, pkg } = await plannerWithPackage(t, 'Edited Alone');
    const { pkg: other } = await plannerWithPackage(t, 'Left Alone');
    const url = `/packages/${pkg.id}`;
    const otherUrl = `/packages/${other.id}`;
    await guest(t.app, url);
    const kept = await guest(t.app, otherUrl);
    const keptStored = await eventually(
      () => storedPage(t, otherUrl),
      (page) => page !== undefined,
    );

    expect((await edit(t, planner, pkg.id, category.id, 'Now Edited')).statusCode).toBe(200);
    // The package's page in both languages, its planner's profile and its category's first page.
    await storedWith(
      t,
      [
        url,
        `/sw${url}`,
        `/user/${planner.id}`,
        `/sw/user/${planner.id}`,
        `/packages?category=${category.id}`,
      ],
      'Now Edited',
    );
    const before = renders();
    const seen = await guest(t.app, url);
    expect(seen.body).toContain('Now Edited');
    expect(seen.body).not.toContain('Edited Alone');
    const untouched = await guest(t.app, otherUrl);
    expect(untouched.statusCode).toBe(200);
    expect(untouched.headers.etag).toBe(kept.headers.etag);
    expect(untouched.body).toBe(kept.body);
    expect(renders()).toBe(before);
    expect((await storedPage(t, otherUrl))?.renderedAt).toBe(keptStored?.renderedAt);
  });

  it("shows a new review's rating on its package's page, its planner's profile and its category's page", async () => {
    const { planner, category, pkg } = await plannerWithPackage(t, 'Soon Reviewed');
    const client = await createUser(t.database.db);
    await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      status: 'completed',
    });
    const pages = [`/packages/${pkg.id}`, `/user/${planner.id}`, `/packages?category=${category.id}`];
    for (const url of pages) expect((await guest(t.app, url)).body).toContain('"average":0,"count":0');

    const reviewed = await injectAs(t, client, 'POST', '/api/reviews', {
      package: pkg.id,
      rating: 4,
      comment: 'Lovely day.',
    });
    expect(reviewed.statusCode).toBe(201);
    await storedWith(t, pages, '"average":4,"count":1');
    const before = renders();
    for (const url of pages) {
      const page = await guest(t.app, url);
      expect(page.body).toContain('"average":4,"count":1');
      expect(page.body).not.toContain('"average":0,"count":0');
    }
    expect(renders()).toBe(before);

    // Its deletion (read before the review goes) shows on the same three pages.
    const id = reviewed.json().review._id as string;
    expect((await injectAs(t, client, 'DELETE', `/api/reviews/${id}`)).statusCode).toBe(200);
    await storedWith(t, pages, '"average":0,"count":0');
    for (const url of pages) expect((await guest(t.app, url)).body).not.toContain('"average":4,"count":1');
  });

  it("shows a package moved to another category on the new category's first page, and no more on the old one's", async () => {
    const { planner, category, pkg } = await plannerWithPackage(t, 'Moving Package');
    const next = await createCategory(t.database.db);
    const oldPage = `/packages?category=${category.id}`;
    const newPage = `/packages?category=${next.id}`;
    expect((await guest(t.app, oldPage)).body).toContain('Moving Package');
    expect((await guest(t.app, newPage)).body).not.toContain('Moving Package');

    expect((await edit(t, planner, pkg.id, next.id, 'Moved Package')).statusCode).toBe(200);
    await storedWith(t, [newPage, `/sw${newPage}`], 'Moved Package');
    await eventually(
      () => storedPage(t, oldPage),
      (page) => page !== undefined && !page.html.includes('Moving Package'),
    );
    const before = renders();
    expect((await guest(t.app, newPage)).body).toContain('Moved Package');
    const old = await guest(t.app, oldPage);
    expect(old.body).not.toContain('Moving Package');
    expect(old.body).not.toContain('Moved Package');
    expect(renders()).toBe(before);
  });

  it("renders a planner's package pages again when their profile changes, and no one else's", async () => {
    const { planner, pkg } = await plannerWithPackage(t, 'Planner Changes');
    const { pkg: other } = await plannerWithPackage(t, 'Planner Stays');
    const url = `/packages/${pkg.id}`;
    const profile = `/user/${planner.id}`;
    const otherUrl = `/packages/${other.id}`;
    for (const address of [url, profile, otherUrl]) await guest(t.app, address);
    const stored = await eventually(
      () => Promise.all([url, otherUrl].map((address) => storedPage(t, address))),
      (pages) => pages.every(Boolean),
    );

    const changed = await injectAs(t, planner, 'PATCH', '/api/user/profile', {
      bio: 'Weddings by the lake since 2010.',
    });
    expect(changed.statusCode).toBe(200);
    await storedWith(t, [profile, `/sw${profile}`], 'Weddings by the lake since 2010.');
    // Their package's page (their name is on it) is rendered and stored again; the other stays.
    await eventually(
      () => storedPage(t, url),
      (page) => (page?.renderedAt ?? 0) > (stored[0]?.renderedAt ?? 0),
    );
    const before = renders();
    expect((await guest(t.app, profile)).body).toContain('Weddings by the lake since 2010.');
    await guest(t.app, url);
    await guest(t.app, otherUrl);
    expect(renders()).toBe(before);
    expect((await storedPage(t, otherUrl))?.renderedAt).toBe(stored[1]?.renderedAt);
  });

  it('renders ahead, with STORED_PAGES_FILL, the listed packages and profiles not stored yet', async () => {
    const made = await Promise.all([1, 2, 3].map(() => plannerWithPackage(t, 'Filled Ahead')));
    // A process started with the fill on, beside the one the guests below ask.
    const filling = await buildApp({ config: { ...t.config, storedPagesFill: true }, database: t.database });
    let closed = false;
    try {
      const urls = made.flatMap(({ planner, category, pkg }) => [
        `/packages/${pkg.id}`,
        `/sw/packages/${pkg.id}`,
        `/user/${planner.id}`,
        `/sw/user/${planner.id}`,
        `/packages?category=${category.id}`,
      ]);
      for (const url of urls)
        await eventually(
          () => storedPage(t, url),
          (page) => page?.html.includes('Filled Ahead') === true,
          60_000,
        );
      // The fill goes on with the other tests' packages: stopped, so every rendering counted below
      // would be a guest's.
      await filling.close();
      closed = true;
      // Stored before any guest asked: the first guest gets it without a rendering.
      const before = renders();
      for (const url of urls) {
        const page = await guest(t.app, url);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Filled Ahead');
        expect(page.headers.etag).toBeDefined();
      }
      expect(renders()).toBe(before);
    } finally {
      if (!closed) await filling.close();
    }
  }, 90_000);

  it('drops its stored pages after a write through another process, even without its news', async () => {
    // Another process on the same database and data folder: it hears of this one's writes only
    // through the time of the last write kept in the store (no socket.io adapter on PGlite).
    const other = await buildApp({ config: t.config, database: t.database, jobWorker: false });
    try {
      const { planner, category, pkg } = await plannerWithPackage(t, 'Read Elsewhere');
      const { pkg: unrelated } = await plannerWithPackage(t, 'Not Edited Elsewhere');
      const url = `/packages/${pkg.id}`;
      const old = await guest(other, url);
      expect(old.body).toContain('Read Elsewhere');
      const kept = await guest(other, `/packages/${unrelated.id}`);
      expect((await edit(t, planner, pkg.id, category.id, 'Edited Here')).statusCode).toBe(200);
      const seen = await eventually(
        () => guest(other, url),
        (answer) => answer.body.includes('Edited Here'),
      );
      expect(seen.headers.etag).not.toBe(old.headers.etag);
      // The edit said which pages it changed: the other process keeps the rest.
      const before = renders();
      const still = await guest(other, `/packages/${unrelated.id}`);
      expect(still.headers.etag).toBe(kept.headers.etag);
      expect(renders()).toBe(before);
    } finally {
      await other.close();
    }
  });
  it('makes every stored page stale after a write that does not say which pages it changes', async () => {
    const { pkg } = await plannerWithPackage(t, 'Renamed Around');
    const url = `/packages/${pkg.id}`;
    const first = await guest(t.app, url);
    const stored = await eventually(
      () => storedPage(t, url),
      (page) => page !== undefined,
    );
    const admin = await createUser(t.database.db, { role: 'admin' });
    const other = await createCategory(t.database.db);
    // A category's rename says nothing of pages: every page (each shows the categories) is stale.
    const renamed = await injectAs(t, admin, 'PUT', `/api/category/update/${other.id}`, {
      name: 'Renamed Category',
    });
    expect(renamed.statusCode).toBe(200);
    const before = renders();
    const again = await guest(t.app, url);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Renamed Around');
    // Rendered again, by this visit or the job that renders the pages guests read.
    expect(renders()).toBeGreaterThan(before);
    await eventually(
      () => storedPage(t, url),
      (page) => (page?.renderedAt ?? 0) > (stored?.renderedAt ?? 0),
    );
    expect(first.statusCode).toBe(200);
  });
});

describe('pages stored ahead, in the bucket', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let t: TestContext;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp({ ...s3.env, WEB_DIST: webDist, STORED_PAGES: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('removes from the bucket the stored pages of an account an admin deletes', async () => {
    const { planner, pkg } = await plannerWithPackage(t, 'Gone From The Bucket');
    const admin = await createUser(t.database.db, { role: 'admin' });
    const theirs = [`/packages/${pkg.id}`, `/user/${planner.id}`, `/sw/user/${planner.id}`];
    for (const url of theirs) await guest(t.app, url);
    const bucket = new ObjectStore(t.config.objectStorage!);
    await eventually(
      () => bucket.list('pages/'),
      (keys) => theirs.every((url) => keys.includes(pageKey(url))),
    );
    const deleted = await injectAs(t, admin, 'DELETE', `/api/user/${planner.id}`);
    expect(deleted.statusCode).toBe(200);
    await eventually(
      () => bucket.list('pages/'),
      (keys) => theirs.every((url) => !keys.includes(pageKey(url))),
    );
  });

  it('keeps the stored page in the bucket, and a write shows there too', async () => {
    const { planner, category, pkg } = await plannerWithPackage(t, 'In The Bucket');
    const url = `/packages/${pkg.id}`;
    const first = await guest(t.app, url);
    expect(first.headers.etag).toBeDefined();
    const bucket = new ObjectStore(t.config.objectStorage!);
    await eventually(
      () => bucket.list('pages/'),
      (keys) => keys.includes(pageKey(url)),
    );
    // Nothing of the pages on this machine's disk.
    expect(await readdir(t.dataDir)).not.toContain('pages');
    const before = renders();
    expect((await guest(t.app, url)).body).toBe(first.body);
    expect(renders()).toBe(before);

    expect((await edit(t, planner, pkg.id, category.id, 'Out Of The Bucket')).statusCode).toBe(200);
    const seen = await eventually(
      () => guest(t.app, url),
      (answer) => answer.body.includes('Out Of The Bucket'),
    );
    expect(seen.headers.etag).not.toBe(first.headers.etag);
  });
});

// Processes share what guests see through PostgreSQL (the socket.io adapter carries the read cache's
// news of a write); each has its own data folder here, so that news is the only way.
describe.skipIf(!process.env.TEST_DATABASE_URL)('pages stored ahead, on two server processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dataDir = useDataDir('sherehe-stored-cluster-');
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = (name: string) => ({
      DATABASE_URL: database.url!,
      DATA_DIR: path.join(dataDir(), name),
      SEED_DEMO: 'false',
      WEB_DIST: webDist,
      STORED_PAGES: 'true',
    });
    [first, second] = await Promise.all([spawnServer(env('a')), spawnServer(env('b'))]);
  }, 120_000);

  afterAll(async () => {
    for (const server of [first, second]) await server?.stop();
    await database?.close();
  });

  it('shows an edit made through one process to guests of the other', async () => {
    const planner = await createUser(database.db, { role: 'planner' });
    const category = await createCategory(database.db);
    const pkg = await createPackage(database.db, {
      plannerId: planner.id,
      categoryId: category.id,
      title: 'Stored On B',
    });
    const read = async (url: string) => {
      const response = await fetch(`${url}/packages/${pkg.id}`, { headers: { accept: 'text/html' } });
      return { etag: response.headers.get('etag'), body: await response.text() };
    };
    const old = await read(second.url);
    expect(old.body).toContain('Stored On B');
    expect((await read(second.url)).etag).toBe(old.etag);

    const edited = await fetch(`${first.url}/api/packages/update/${pkg.id}`, {
      method: 'PUT',
      headers: planner.headers,
      body: form({
        title: 'Edited On A',
        description: 'Edited by a test.',
        price: '1000',
        category: category.id,
        location: 'Nairobi',
      }),
    });
    expect(edited.status).toBe(200);
    const seen = await eventually(
      () => read(second.url),
      (answer) => answer.body.includes('Edited On A'),
    );
    expect(seen.etag).not.toBe(old.etag);
  }, 30_000);
});
