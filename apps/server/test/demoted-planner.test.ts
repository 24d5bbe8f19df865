import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { and, count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, packages, reviews, users } from '../src/db/schema';
import { changeBookingStatus } from '../src/modules/bookings/bookings.service';
import { createTestApp, type TestContext } from './build-app';
import {
  createBookingRow,
  createCategory,
  createPackage,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from './factories';
import { form, pngImage } from './images';

// A planner demoted to client loses every planner right at once; their packages leave the public
// catalogue (lists, search, totals, the featured list, the package itself, its reviews, the pages
// rendered on the server) and cannot be booked, while admins still see and manage them. Promoted
// again, they and their packages are back. The read cache is on, as in production: what one viewer
// may see must never be served to another.

/** A stand-in for the web build's server renderer: it prints what the public API gave it. */
const RENDERER = `
export const SSR_PATTERNS = ['/', '/packages/:id', '/user/:userId'];
export async function render({ url, fetch }) {
  const read = async (address) => {
    const answer = await fetch(address);
    return answer.ok ? answer.json() : { status: answer.status };
  };
  let text;
  const id = url.split('/')[2];
  if (url === '/') {
    const list = await read('/api/packages?sort=featured&page=1&limit=6');
    text = 'featured: ' + list.data.map((p) => p.title).join(', ');
  } else if (url.startsWith('/packages/')) {
    const one = await read('/api/packages/' + id);
    text = one.data ? 'package: ' + one.data.title : 'package missing (' + one.status + ')';
  } else {
    const list = await read('/api/packages?planner=' + id + '&page=1&limit=4');
    text = 'profile packages: ' + list.data.map((p) => p.title).join(', ');
  }
  return { html: '<main>' + text + '</main>', state: 'null' };
}`;

let t: TestContext;
let webRoot: string;
let admin: TestUser;
let planner: TestUser;
let otherPlanner: TestUser;
let client: TestUser;
let otherClient: TestUser;
let weddings: string;
let birthdays: string;
/** The planner's packages: a wedding, a birthday, and one more wedding that the admin deletes. */
let gala: { id: string; title: string };
let party: { id: string; title: string };
let spare: { id: string; title: string };
let othersWedding: { id: string; title: string };
let pendingId: string;
let acceptedId: string;
let secondPendingId: string;
/** The former planner's session after signing in again (the demotion ended the old one). */
let former: Record<string, string>;

/** An event day a month from now (Africa/Nairobi): valid whenever the test runs. */
function dayInAMonth(): string {
  const today = new Date(`${todayInNairobi()}T00:00:00Z`);
  return new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
}

const as = (headers: Record<string, string> | undefined, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(headers ?? {}) } });

const get = (url: string, headers?: Record<string, string>) => as(headers, { method: 'GET', url });

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

const setStatus = (headers: Record<string, string>, bookingId: string, status: string) =>
  as(headers, { method: 'PATCH', url: `/api/bookings/${bookingId}`, payload: { status } });

const book = (headers: Record<string, string>, pkg: { id: string }, plannerId: string) =>
  as(headers, {
    method: 'POST',
    url: '/api/bookings/create',
    payload: { package: pkg.id, planner: plannerId, date: dayInAMonth() },
  });

const changeRole = (userId: string, role: string) =>
  as(admin.headers, { method: 'PATCH', url: `/api/user/${userId}/role`, payload: { role } });

async function signIn(user: TestUser): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title).sort();

/** Listed packages in the database, overall or in one category: what the catalogue must total. */
async function listedCount(categoryId?: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(packages)
    .where(and(eq(packages.listed, true), categoryId ? eq(packages.categoryId, categoryId) : undefined));
  return row?.n ?? 0;
}

/**
 * The catalogue's paged totals (kept by triggers) against a count of the rows themselves; and
 * every package listed exactly while its planner may offer packages.
 */
async function expectExactTotals() {
  const [mismatch] = await t.database.rows<{ n: number }>(sql`
    select count(*)::int as n from ${packages} join ${users} on ${users.id} = ${packages.plannerId}
    where ${packages.listed} is distinct from (${users.role} in ('planner', 'admin'))`);
  expect(mismatch?.n).toBe(0);
  for (const category of [undefined, weddings, birthdays]) {
    const url = `/api/packages?page=1&limit=2${category ? `&category=${category}` : ''}`;
    const body = (await get(url)).json();
    const total = await listedCount(category);
    expect(body.total, url).toBe(total);
    expect(body.pages, url).toBe(Math.max(1, Math.ceil(total / 2)));
  }
}

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'sherehe-demoted-'));
  const webDist = path.join(webRoot, 'dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await mkdir(path.join(webRoot, 'dist-ssr'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Sherehe</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webRoot, 'dist-ssr/entry-server.js'), RENDERER);
  t = await createTestApp({ WEB_DIST: webDist, READ_CACHE_SECONDS: '30' });

  const db = t.database.db;
  admin = await createUser(db, { role: 'admin' });
  // Plans with featured listing and analytics: those rights must go with the role too.
  planner = await createUser(db, { role: 'planner', planId: 'enterprise', username: 'Soon Demoted' });
  // Three events a day: the day below holds an accepted event and two requests, and the admins
  // accept one and reject the other themselves (a full day would decline it on its own).
  await db.update(users).set({ eventsPerDay: 3 }).where(eq(users.id, planner.id));
  otherPlanner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  client = await createUser(db, { role: 'client', planId: 'enterprise' });
  otherClient = await createUser(db, { role: 'client', planId: 'enterprise' });
  weddings = (await createCategory(db, 'Weddings')).id;
  birthdays = (await createCategory(db, 'Birthdays')).id;
  const make = async (plannerId: string, categoryId: string, title: string) => {
    const row = await createPackage(db, { plannerId, categoryId, title, description: `${title} for all.` });
    return { id: row.id, title };
  };
  gala = await make(planner.id, weddings, 'Demoted Garden Gala');
  party = await make(planner.id, birthdays, 'Demoted Birthday Party');
  spare = await make(planner.id, weddings, 'Demoted Spare Wedding');
  othersWedding = await make(otherPlanner.id, weddings, 'Lakeside Wedding');
  await make(otherPlanner.id, birthdays, 'Balloon Birthday');

  const event = dayInAMonth();
  const book = async (
    clientId: string,
    packageId: string,
    extra: Partial<Parameters<typeof createBookingRow>[1]> = {},
  ) =>
    (await createBookingRow(db, { clientId, packageId, plannerId: planner.id, eventDate: event, ...extra }))
      .id;
  pendingId = await book(client.id, gala.id);
  secondPendingId = await book(otherClient.id, gala.id);
  // Today: a booking may be marked completed only from its event day.
  acceptedId = await book(client.id, party.id, { status: 'accepted', eventDate: todayInNairobi() });
  await db.insert(reviews).values({ packageId: party.id, clientId: client.id, rating: 5, comment: 'Lovely' });
});

afterAll(async () => {
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('a planner demoted to client', () => {
  it('is in the catalogue before the demotion (so the checks below have something to lose)', async () => {
    const listed = (await get('/api/packages')).json();
    expect(titles(listed)).toEqual(expect.arrayContaining([gala.title, party.title, spare.title]));
    expect((await get(`/api/packages/${gala.id}`)).statusCode).toBe(200);
    expect((await page('/')).body).toContain(gala.title);
    expect((await page(`/packages/${gala.id}`)).body).toContain(`package: ${gala.title}`);
    await expectExactTotals();
    expect((await get('/api/packages?page=1&limit=1')).json().total).toBe(5);
  });

  it('is demoted by an admin, which ends their session', async () => {
    const response = await changeRole(planner.id, 'client');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('client');
    expect((await get('/api/user/data', planner.headers)).statusCode).toBe(401);
    former = await signIn(planner);
    expect((await get('/api/user/data', former)).json().userData.role).toBe('client');
  });

  it('may no longer accept, reject, complete or cancel the bookings of their old packages', async () => {
    for (const [bookingId, status] of [
      [pendingId, 'accepted'],
      [pendingId, 'rejected'],
      [acceptedId, 'completed'],
      [acceptedId, 'cancelled'],
    ] as const) {
      const response = await setStatus(former, bookingId, status);
      expect(response.statusCode, `${status}`).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: MESSAGES.bookings.plannersOnlyList,
      });
    }
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, pendingId));
    expect(row?.status).toBe('pending');
  });

  it('is refused even by a request that started before the demotion, with the role it began with', async () => {
    // The role comes from the session when a request starts: one sent just before the demotion
    // still carries "planner". The service reads the role again, under a lock, when it acts.
    await expect(
      changeBookingStatus({
        db: t.database.db,
        jobs: t.app.jobs,
        publicUrl: t.config.publicUrl,
        actor: { id: planner.id, role: 'planner' },
        id: pendingId,
        status: 'accepted',
        audit: { actorId: planner.id, actorRole: 'planner', requestId: null, ip: null },
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('may no longer create, change or delete packages, list planner bookings or see planner analytics', async () => {
    const png = await pngImage();
    const refused = [
      await as(former, {
        method: 'POST',
        url: '/api/packages/create',
        payload: form(
          { title: 'Sneaked In', description: 'd', price: '100', category: weddings, location: 'Nairobi' },
          { bytes: png },
        ),
      }),
      await as(former, {
        method: 'PUT',
        url: `/api/packages/update/${gala.id}`,
        payload: form({ title: 'Still mine?' }),
      }),
      await as(former, { method: 'DELETE', url: `/api/packages/delete/${gala.id}` }),
      await get('/api/bookings/for-planner', former),
      await get('/api/analytics/overview', former),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const [row] = await t.database.db.select().from(packages).where(eq(packages.id, gala.id));
    expect(row?.title).toBe(gala.title);
  });

  it('has their packages gone from every list, search, filter and total of the catalogue', async () => {
    const all = (await get('/api/packages')).json();
    expect(titles(all)).toEqual(['Balloon Birthday', 'Lakeside Wedding']);
    expect(all.data.every((p: { listed: boolean }) => p.listed)).toBe(true);

    const search = (await get('/api/packages?q=demoted&page=1&limit=6')).json();
    expect(search).toMatchObject({ data: [], total: 0, pages: 1 });
    expect((await get('/api/packages?q=demoted')).json().data).toEqual([]);
    const byLocation = (await get('/api/packages?location=nairobi&page=1&limit=6')).json();
    expect(byLocation.total).toBe(2);

    const inWeddings = (await get(`/api/packages?category=${weddings}&page=1&limit=6`)).json();
    expect(titles(inWeddings)).toEqual(['Lakeside Wedding']);
    expect(inWeddings.total).toBe(1);
    const cheap = (await get('/api/packages?maxPrice=5000&sort=price_asc&page=1&limit=6')).json();
    expect(cheap.total).toBe(2);

    const featured = (await get('/api/packages?sort=featured&page=1&limit=3')).json();
    expect(titles(featured)).toEqual(['Balloon Birthday', 'Lakeside Wedding']);
    for (const sort of ['newest', 'rating', 'price_desc']) {
      const sorted = (await get(`/api/packages?sort=${sort}&page=1&limit=6`)).json();
      expect(sorted.total, sort).toBe(2);
      expect(titles(sorted), sort).not.toContain(gala.title);
    }

    // The public profile lists a planner's packages through the same call.
    const profile = (await get(`/api/packages?planner=${planner.id}&page=1&limit=4`)).json();
    expect(profile).toMatchObject({ data: [], packages: [], total: 0 });
    expect((await get(`/api/packages?planner=${planner.id}`)).json().packages).toEqual([]);
    expect((await get(`/api/user/profile/${planner.id}`)).json().profile.role).toBe('client');
    const theirReviews = (await get(`/api/reviews/user/${planner.id}`)).json();
    expect(theirReviews).toMatchObject({ reviews: [], count: 0, average: 0 });

    await expectExactTotals();
    expect((await get('/api/packages?page=1&limit=1')).json().total).toBe(2);
  });

  it('has their packages found by nobody but admins and themselves', async () => {
    for (const [who, headers] of [
      ['a guest', undefined],
      ['a client', client.headers],
      ['another planner', otherPlanner.headers],
    ] as const) {
      for (const url of [`/api/packages/${gala.id}`, `/api/reviews/${party.id}`]) {
        const response = await get(url, headers);
        expect(response.statusCode, `${who}: ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ success: false, message: MESSAGES.packages.notFound });
      }
    }
    for (const headers of [admin.headers, former]) {
      const response = await get(`/api/packages/${gala.id}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ title: gala.title, listed: false });
      // An answer for this viewer only: neither the read cache nor a shared cache may keep it.
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect((await get(`/api/reviews/${party.id}`, headers)).json().reviews).toHaveLength(1);
    }
    // Asked again by a guest, after the admin's answer: still not there.
    expect((await get(`/api/packages/${gala.id}`)).statusCode).toBe(404);
    expect((await get(`/api/reviews/${party.id}`)).statusCode).toBe(404);
  });

  it('has their packages gone from the pages rendered on the server', async () => {
    const home = (await page('/')).body;
    expect(home).toContain('featured: ');
    expect(home).not.toContain('Demoted');
    expect((await page(`/packages/${gala.id}`)).body).toContain('package missing (404)');
    expect((await page(`/user/${planner.id}`)).body).toContain('<main>profile packages: </main>');
  });

  it('has their packages refused to anyone who books them, admins included', async () => {
    for (const headers of [otherClient.headers, admin.headers]) {
      const response = await book(headers, spare, planner.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message: MESSAGES.bookings.packageUnavailable,
      });
    }
    const [row] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.packageId, spare.id));
    expect(row?.n).toBe(0);
  });

  it('leaves their packages and bookings to the admins, who still list and manage them', async () => {
    const everything = await get('/api/packages?includeUnlisted=true&page=1&limit=20', admin.headers);
    expect(everything.statusCode).toBe(200);
    expect(everything.headers['cache-control']).toBe('private, no-store');
    expect(everything.json().total).toBe(5);
    expect(
      everything
        .json()
        .data.filter((p: { listed: boolean }) => !p.listed)
        .map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual([party.title, gala.title, spare.title].sort());
    // Not for anyone else, and never from the cache.
    expect((await get('/api/packages?includeUnlisted=true&page=1&limit=20')).statusCode).toBe(401);
    expect((await get('/api/packages?includeUnlisted=true&page=1&limit=20', client.headers)).statusCode).toBe(
      403,
    );
    expect((await get('/api/packages?includeUnlisted=true&page=1&limit=20', former)).statusCode).toBe(403);

    expect((await setStatus(admin.headers, pendingId, 'accepted')).statusCode).toBe(200);
    expect((await setStatus(admin.headers, secondPendingId, 'rejected')).statusCode).toBe(200);
    const edited = await as(admin.headers, {
      method: 'PUT',
      url: `/api/packages/update/${gala.id}`,
      payload: form({ title: 'Demoted Garden Gala, edited by an admin', category: birthdays }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ listed: false, category: { _id: birthdays } });
    gala.title = 'Demoted Garden Gala, edited by an admin';
    const deleted = await as(admin.headers, { method: 'DELETE', url: `/api/packages/delete/${spare.id}` });
    expect(deleted.statusCode).toBe(200);
    // Edited and moved to another category while unlisted: still out of the catalogue and its totals.
    expect(titles((await get('/api/packages')).json())).toEqual(['Balloon Birthday', 'Lakeside Wedding']);
    await expectExactTotals();
  });

  it('gets everything back when promoted to planner again', async () => {
    const response = await changeRole(planner.id, 'planner');
    expect(response.statusCode).toBe(200);
    const again = await signIn(planner);

    expect(titles((await get('/api/packages')).json())).toEqual(
      ['Balloon Birthday', gala.title, party.title, 'Lakeside Wedding'].sort(),
    );
    await expectExactTotals();
    expect((await get(`/api/packages?category=${birthdays}&page=1&limit=6`)).json().total).toBe(3);
    expect((await get(`/api/packages?q=demoted&page=1&limit=6`)).json().total).toBe(2);
    expect((await get(`/api/packages?planner=${planner.id}`)).json().packages).toHaveLength(2);
    const pkg = await get(`/api/packages/${gala.id}`);
    expect(pkg.statusCode).toBe(200);
    expect(pkg.json().data.listed).toBe(true);
    expect((await get(`/api/reviews/user/${planner.id}`)).json().count).toBe(1);
    expect((await page('/')).body).toContain(gala.title);
    expect((await page(`/packages/${gala.id}`)).body).toContain(`package: ${gala.title}`);

    const booked = await book(otherClient.headers, gala, planner.id);
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await setStatus(again, booked.json().booking._id, 'accepted')).statusCode).toBe(200);
    expect((await setStatus(again, acceptedId, 'completed')).statusCode).toBe(200);
    const renamed = await as(again, {
      method: 'PUT',
      url: `/api/packages/update/${party.id}`,
      payload: form({ title: 'Back in business' }),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get('/api/analytics/overview', again)).statusCode).toBe(200);
  });

  it('takes an admin who owns packages out of the catalogue the same way, and keeps other role changes listed', async () => {
    const secondAdmin = await createUser(t.database.db, { role: 'admin' });
    const created = await as(secondAdmin.headers, {
      method: 'POST',
      url: '/api/packages/create',
      payload: form(
        {
          title: 'Admin House Party',
          description: 'd',
          price: '100',
          category: weddings,
          location: 'Nairobi',
        },
        { bytes: await pngImage() },
      ),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.listed).toBe(true);
    const id = created.json().data._id;

    // Planner to admin and back: both may offer packages, so nothing moves.
    expect((await changeRole(otherPlanner.id, 'admin')).statusCode).toBe(200);
    expect((await get(`/api/packages/${othersWedding.id}`)).statusCode).toBe(200);
    expect((await changeRole(otherPlanner.id, 'planner')).statusCode).toBe(200);

    expect((await changeRole(secondAdmin.id, 'client')).statusCode).toBe(200);
    expect((await get(`/api/packages/${id}`)).statusCode).toBe(404);
    await expectExactTotals();
    expect((await changeRole(secondAdmin.id, 'admin')).statusCode).toBe(200);
    expect((await get(`/api/packages/${id}`)).statusCode).toBe(200);
    await expectExactTotals();
  });
});

// With real concurrency (PostgreSQL): a request whose session was read while its user was still a
// planner, and a demotion that commits while the request runs. The request must act with the new
// role: the services read it again under a lock the demotion holds until it commits.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a demotion while a request is on its way', () => {
  /** Runs `send` while a demotion of `userId` is open, and commits it once `send` waits for it. */
  async function duringDemotion(userId: string, send: () => Promise<{ statusCode: number; body: string }>) {
    let answer: Promise<{ statusCode: number; body: string }> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'client' }).where(eq(users.id, userId));
      answer = send();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [waiting] = await t.database.rows<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        if ((waiting?.n ?? 0) > 0) break;
        if (Date.now() > deadline) throw new Error('the request never waited for the demotion');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    return answer!;
  }

  async function plannerWithBooking() {
    const db = t.database.db;
    const user = await createUser(db, { role: 'planner', planId: 'enterprise' });
    const pkg = await createPackage(db, { plannerId: user.id, categoryId: weddings });
    const booking = await createBookingRow(db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: user.id,
      eventDate: dayInAMonth(),
    });
    return { user, pkg, booking };
  }

  it('refuses the booking change the planner sent', async () => {
    const { user, booking } = await plannerWithBooking();
    const response = await duringDemotion(user.id, () => setStatus(user.headers, booking.id, 'accepted'));
    expect(response.statusCode, response.body).toBe(403);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('pending');
  });

  it('refuses the package change the planner sent', async () => {
    const { user, pkg } = await plannerWithBooking();
    const response = await duringDemotion(user.id, () =>
      as(user.headers, { method: 'DELETE', url: `/api/packages/delete/${pkg.id}` }),
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(await t.database.db.select().from(packages).where(eq(packages.id, pkg.id))).toHaveLength(1);
  });

  it('refuses a booking of their package that a client sent', async () => {
    const { user, pkg } = await plannerWithBooking();
    const response = await duringDemotion(user.id, () => book(otherClient.headers, pkg, user.id));
    expect(response.statusCode, response.body).toBe(409);
    expect(JSON.parse(response.body).message).toBe(MESSAGES.bookings.packageUnavailable);
  });
});
