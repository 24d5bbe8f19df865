import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from './build-app';
import {
  createBookingRowOf,
  createPackage,
  createUser,
  sessionCookie,
  TEST_PASSWORD,
  type TestUser,
} from './factories';
import { writeWebBuild } from './web-build';

// The bookings page, rendered on the server for the signed-in visitor with their own data
// (docs/decisions/009). The renderer is a stand-in that shows what the API answered its GETs: for
// the bookings page the visitor's list, for a public page the same GET, which must go without
// credentials. The real renderer's page is checked in the browser (e2e/tests/bookings-flow.spec.ts).
const renderer = (lang: string) => `
export const SSR_PATTERNS = ['/', '/packages/:id'];
export const SIGNED_IN_SSR_PATTERNS = ['/dashboard/bookings'];
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
export async function render({ url, user, fetch }) {
  const pathname = url.replace(/^\\/sw(?=\\/)/, '').split('?')[0];
  const list = pathname === '/dashboard/bookings' && user && user.role !== 'client' ? 'for-planner' : 'my';
  const answer = await fetch('/api/bookings/' + list);
  const body = await answer.json();
  const lines = answer.ok
    ? body.bookings.map((booking) => booking.package.title + ' for ' + booking.client.username).join('; ')
    : 'no bookings';
  const who = user ? user.username : 'a guest';
  return {
    html: '<main>${lang}: ' + escape(who) + ' reads ' + answer.status + ': ' + escape(lines) + '</main>',
    state: JSON.stringify({ user, loads: {}, queries: null }).replace(/</g, '\\\\u003c'),
  };
}`;

let t: TestContext;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sherehe-signed-in-'));
  const webDist = await writeWebBuild(root, { en: renderer('en'), sw: renderer('sw') });
  // The guests' read cache and stored pages on: a signed-in page must never land in them.
  t = await createTestApp({ WEB_DIST: webDist, READ_CACHE_SECONDS: '5', STORED_PAGES: 'true' });
});

afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** Signs in through the API, as the browser does: the session cookie it sets. */
async function signIn(user: TestUser): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const cookie = sessionCookie(login);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** A planner with a package, and a client with a booking of it (pending). */
async function booked(title: string) {
  const planner = await createUser(t.database.db, { role: 'planner' });
  const client = await createUser(t.database.db, { role: 'client' });
  const pkg = await createPackage(t.database.db, { plannerId: planner.id, title });
  await createBookingRowOf(t.database.db, pkg, { clientId: client.id });
  return { planner, client, pkg };
}

function expectPlainApp(response: Awaited<ReturnType<typeof page>>) {
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('<div id="root"></div>');
  expect(response.body).not.toContain('ssr-state');
  expect(response.headers['cache-control']).toBe('no-cache');
}

describe('the bookings page rendered for its signed-in visitor', () => {
  it("holds a client's own bookings, personal to them", async () => {
    const { client } = await booked('Garden Wedding Rendered');
    const cookie = await signIn(client);
    const response = await page('/dashboard/bookings', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<div id="root"><main>en: ${client.username} reads 200: Garden Wedding Rendered for ${client.username}</main></div>`,
    );
    expect(response.body).toContain(`<script type="application/json" id="ssr-state">{"user":{`);
    // Personal: no cache at all may keep it, not even the browser's.
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.headers['x-cache']).toBeUndefined();
  });

  it("holds a planner's booking requests, with who asked", async () => {
    const { planner, client } = await booked('Harusi ya Bustani');
    const cookie = await signIn(planner);
    const response = await page('/dashboard/bookings?status=pending', { cookie });
    expect(response.body).toContain(
      `<main>en: ${planner.username} reads 200: Harusi ya Bustani for ${client.username}</main>`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('shows each visitor only their own bookings, also when their pages are rendered at once', async () => {
    const first = await booked('First Couple Package');
    const second = await booked('Second Couple Package');
    const visitors = [first, second, first.planner, second.planner].map((who) =>
      'client' in who ? who.client : who,
    );
    const cookies = await Promise.all(visitors.map(signIn));
    const pages = await Promise.all(
      [...cookies, ...cookies].map((cookie) => page('/dashboard/bookings', { cookie })),
    );
    const expected = [
      `${first.client.username} reads 200: First Couple Package for ${first.client.username}</main>`,
      `${second.client.username} reads 200: Second Couple Package for ${second.client.username}</main>`,
      `${first.planner.username} reads 200: First Couple Package for ${first.client.username}</main>`,
      `${second.planner.username} reads 200: Second Couple Package for ${second.client.username}</main>`,
    ];
    for (const [index, response] of pages.entries()) {
      const own = expected[index % expected.length];
      expect(response.body).toContain(own);
      const others = index % 2 === 0 ? 'Second Couple Package' : 'First Couple Package';
      expect(response.body).not.toContain(others);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('is rendered in Kiswahili under /sw', async () => {
    const { client } = await booked('Sherehe ya Kuzaliwa');
    const cookie = await signIn(client);
    const response = await page('/sw/dashboard/bookings', { cookie });
    expect(response.body).toContain(
      `<div id="root"><main>sw: ${client.username} reads 200: Sherehe ya Kuzaliwa`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('is not rendered for a guest, or a session that ended: the plain app sends them to log in', async () => {
    const { client } = await booked('Nobody Else Sees This');
    const cookie = await signIn(client);
    // The client's page first, then everyone else's: nothing of it was kept for them.
    expect((await page('/dashboard/bookings', { cookie })).body).toContain('Nobody Else Sees This');
    for (const url of ['/dashboard/bookings', '/sw/dashboard/bookings']) {
      const guest = await page(url);
      expectPlainApp(guest);
      expect(guest.body).not.toContain('Nobody Else Sees This');
      expectPlainApp(await page(url, { cookie: 'sherehe_session=not-a-session' }));
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.statusCode).toBe(200);
    const ended = await page('/dashboard/bookings', { cookie });
    expectPlainApp(ended);
    expect(ended.body).not.toContain('Nobody Else Sees This');
  });

  it('is not rendered for a bearer token alone (a page request carries no token)', async () => {
    const { client } = await booked('Token Only Package');
    const response = await page('/dashboard/bookings', client.headers);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('Token Only Package');
  });

  it("renders a public page's GETs without the visitor's credentials, the same for everyone", async () => {
    const { client } = await booked('Not On A Public Page');
    const cookie = await signIn(client);
    const response = await injectAs(t, { headers: { accept: 'text/html', cookie } }, 'GET', '/');
    expect(response.body).toContain(`<main>en: ${client.username} reads 401: no bookings</main>`);
    expect(response.body).not.toContain('Not On A Public Page');
  });
});
