import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../src/db/schema';
import { createTestApp, injectAs, type TestContext } from './build-app';
import { nairobiDayFromToday } from './dates';
import { createTestDatabase } from './db';
import { createCategory, createPackage, createUser, TEST_PASSWORD, type TestUser } from './factories';
import { form, pngImage } from './images';
import { type ServerProcess, spawnServer } from './process';

// docs/decisions/010: public answers are kept for a few seconds, and every write drops them.

describe('the read cache, in one process', () => {
  let t: TestContext;
  let planner: TestUser;
  let client: TestUser;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp({ READ_CACHE_SECONDS: '30' });
    planner = await createUser(t.database.db, { role: 'planner', planId: 'enterprise' });
    client = await createUser(t.database.db);
    categoryId = (await createCategory(t.database.db, 'Weddings')).id;
    await createPackage(t.database.db, { plannerId: planner.id, categoryId, title: 'Kept Garden Party' });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers a public read again from memory, byte for byte, with its headers', async () => {
    for (const url of ['/api/packages?page=1&limit=6', '/api/category', '/api/plans']) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['x-cache'], url).toBeUndefined();
      const second = await get(url);
      expect(second.headers['x-cache'], url).toBe('hit');
      expect(second.body, url).toBe(first.body);
      expect(second.headers['content-type'], url).toBe(first.headers['content-type']);
      expect(second.headers['cache-control'], url).toBe(first.headers['cache-control']);
    }
    // Kept, not read again: a change made behind the API's back does not show yet.
    await t.database.db
      .update(packages)
      .set({ title: 'Changed behind its back' })
      .where(eq(packages.title, 'Kept Garden Party'));
    expect((await get('/api/packages?page=1&limit=6')).body).toContain('Kept Garden Party');
  });

  it('drops everything on a write through the API, which the next read then shows', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages/create',
      headers: planner.headers,
      payload: form(
        {
          title: 'Fresh Rooftop Dinner',
          description: 'Made after the list was kept.',
          price: '5000',
          category: categoryId,
          location: 'Nairobi',
        },
        { bytes: await pngImage() },
      ),
    });
    expect(created.statusCode).toBe(201);
    const list = await get('/api/packages?page=1&limit=6');
    expect(list.headers['x-cache']).toBeUndefined();
    expect(list.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Fresh Rooftop Dinner',
      'Changed behind its back',
    ]);
    expect(list.json().total).toBe(2);
    expect((await get(`/api/packages/${created.json().data._id}`)).statusCode).toBe(200);
  });

  it('is kept through writes that change nothing public, and through refused writes', async () => {
    const url = '/api/packages?page=1&limit=6';
    await get(url);
    expect((await get(url)).headers['x-cache']).toBe('hit');
    const [pkg] = (await get(url)).json().data as Array<{ _id: string; planner: { _id: string } }>;
    const writes = [
      // A login, a booking and a contact message change no public answer.
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: client.email, password: TEST_PASSWORD },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: client.headers,
        payload: {
          package: pkg?._id,
          planner: pkg?.planner._id,
          date: nairobiDayFromToday(30),
          message: 'Hello',
        },
      }),
      // Refused: changed nothing.
      await injectAs(t, client, 'POST', '/api/packages/create', form({ title: 'Not allowed' })),
      await t.app.inject({ method: 'POST', url: '/api/no-such-route' }),
    ];
    expect(
      writes.map((response) => response.statusCode),
      writes[1]?.body,
    ).toEqual([200, 201, 403, 404]);
    expect((await get(url)).headers['x-cache']).toBe('hit');
  });

  it('is kept through an empty or unchanged profile save, and dropped by a real change', async () => {
    const url = '/api/packages?page=1&limit=6';
    const profile = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: planner.headers, payload });
    expect((await profile({ bio: 'Weddings in Kisumu' })).statusCode).toBe(200);
    await get(url);
    expect((await get(url)).headers['x-cache']).toBe('hit');
    for (const unchanged of [{}, { bio: 'Weddings in Kisumu' }, { socialMedia: {} }]) {
      const saved = await profile(unchanged);
      expect(saved.statusCode, JSON.stringify(unchanged)).toBe(200);
      expect(saved.json().message).toBe('Profile updated successfully!');
      expect((await get(url)).headers['x-cache'], JSON.stringify(unchanged)).toBe('hit');
    }
    expect((await profile({ bio: 'Weddings in Kisumu and Eldoret' })).statusCode).toBe(200);
    expect((await get(url)).headers['x-cache']).toBeUndefined();
  });

  it('never keeps personal answers, failures or not-found answers', async () => {
    for (const url of ['/api/user/data', '/api/bookings/my', '/api/auth/is-auth']) {
      await get(url, client.headers);
      const again = await get(url, client.headers);
      expect(again.statusCode, url).toBe(200);
      expect(again.headers['x-cache'], url).toBeUndefined();
      // Nor may a browser or a proxy on the way keep them.
      expect(again.headers['cache-control'], url).toBe('private, no-store');
    }
    const missing = '/api/packages/00000000-0000-4000-8000-000000000000';
    expect((await get(missing)).statusCode).toBe(404);
    const again = await get(missing);
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBeUndefined();
    const refused = '/api/packages?minPrice=10&maxPrice=1';
    expect((await get(refused)).statusCode).toBe(400);
    expect((await get(refused)).headers['x-cache']).toBeUndefined();
  });

  it('is off when READ_CACHE_SECONDS is 0', async () => {
    const off = await createTestApp({ READ_CACHE_SECONDS: '0' });
    try {
      await off.app.inject({ method: 'GET', url: '/api/category' });
      const again = await off.app.inject({ method: 'GET', url: '/api/category' });
      expect(again.headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

// With several processes, a write through one drops what the others keep, through PostgreSQL.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('the read cache across two processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let first: ServerProcess;
  let second: ServerProcess;
  let planner: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-read-cache-'));
    planner = await createUser(database.db, { role: 'planner', planId: 'enterprise' });
    await createPackage(database.db, { plannerId: planner.id, title: 'Seen by both' });
    // Kept for a minute: only the write's invalidation can make the second process read again.
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      READ_CACHE_SECONDS: '60',
    };
    [first, second] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const server of [first, second]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a package deleted through one process leaves the other’s kept list at once', async () => {
    const listUrl = `${second.url}/api/packages?page=1&limit=6`;
    const titles = async () => {
      const response = await fetch(listUrl);
      return {
        hit: response.headers.get('x-cache') === 'hit',
        titles: ((await response.json()) as { data: Array<{ title: string }> }).data.map((p) => p.title),
      };
    };
    expect((await titles()).titles).toEqual(['Seen by both']);
    expect(await titles()).toEqual({ hit: true, titles: ['Seen by both'] });

    const [row] = await database.db.select({ id: packages.id }).from(packages);
    const deleted = await fetch(`${first.url}/api/packages/delete/${row?.id}`, {
      method: 'DELETE',
      headers: planner.headers,
    });
    expect(deleted.status).toBe(200);
    await expect.poll(async () => (await titles()).titles, { timeout: 5_000 }).toEqual([]);
  });
});
