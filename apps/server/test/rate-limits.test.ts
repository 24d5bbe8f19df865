import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@sherehe/shared/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { rateLimitedMessage, waitMinutes } from '../src/lib/request-limits';
import { toSwahili } from '../src/plugins/lang';
import { runImageWork } from '../src/storage/images';
import { createTestApp, injectAs, type TestContext, testConfig } from './build-app';
import { createTestDatabase } from './db';
import {
  createBookingOf,
  createCategory,
  createPackage,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from './factories';
import { form, pngImage } from './images';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

let counter = 0;
/** A new person's sign-up details; addresses below are carrier-grade NAT ones (100.64.0.0/10). */
function person() {
  counter += 1;
  return {
    username: `Akinyi Otieno ${counter}`,
    email: `akinyi${counter}@example.test`,
    password: 'a-long-password',
    role: 'client',
  };
}

function login(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

function expectRateLimited(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(response.json().message).toMatch(
    /^Too many requests\. Please try again in about (a minute|\d+ minutes)\.$/,
  );
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('a wait told to a person', () => {
  it('is in whole minutes rounded up, "about a minute" under 90 seconds, in both languages', () => {
    expect([1, 59, 60, 89, 90, 120, 121, 893, 900].map(waitMinutes)).toEqual([1, 1, 1, 1, 2, 2, 3, 15, 15]);
    expect(rateLimitedMessage(30)).toBe('Too many requests. Please try again in about a minute.');
    expect(rateLimitedMessage(893)).toBe('Too many requests. Please try again in about 15 minutes.');
    expect(toSwahili(rateLimitedMessage(30))).toBe(
      'Maombi ni mengi mno. Tafadhali jaribu tena baada ya takriban dakika moja.',
    );
    expect(toSwahili(rateLimitedMessage(893))).toBe(
      'Maombi ni mengi mno. Tafadhali jaribu tena baada ya takriban dakika 15.',
    );
  });
});

describe('with the default limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets ten people behind one carrier address sign up and log in, a mistyped password included', async () => {
    const address = '100.64.10.1';
    const people = Array.from({ length: 10 }, person);
    for (const someone of people) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: someone,
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(201);
    }
    // Later that evening each logs in on another phone, one typo first.
    for (const someone of people) {
      expect((await login(t.app, someone.email, 'not-my-password', address)).statusCode).toBe(401);
      expect((await login(t.app, someone.email, someone.password, address)).statusCode).toBe(200);
      expect((await login(t.app, someone.email.toUpperCase(), someone.password, address)).statusCode).toBe(
        200,
      );
    }
  });

  it('refuses a 40-megapixel image with the message, and keeps the current picture', async () => {
    const user = await createUser(t.database.db);
    const huge = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#c2410c' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await injectAs(t, user, 'POST', '/api/user/profile-picture', form({}, { bytes: huge }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES.images.tooManyPixels(25),
    });
    const me = await injectAs(t, user, 'GET', '/api/user/data');
    expect(me.json().userData.profilePicture).toBeFalsy();
  });
});

describe('with small limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LOGIN_PER_ADDRESS_ACCOUNT: '3/15m',
      RATE_LOGIN_PER_ACCOUNT: '6/15m',
      RATE_LOGIN_PER_ADDRESS: '12/15m',
      RATE_UPLOADS_PER_USER: '2/1h',
      RATE_ATTACHMENTS_PER_USER: '2/1h',
      IMAGE_MAX_MEGAPIXELS: '1',
    });
  });
  afterAll(() => t.close());

  it('locks one account at one address without locking the neighbours behind that address', async () => {
    const address = '100.64.20.1';
    const victim = await createUser(t.database.db);
    const neighbour = await createUser(t.database.db);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await login(t.app, victim.email, 'guess', address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const locked = await login(t.app, victim.email, TEST_PASSWORD, address);
    expectRateLimited(locked);
    // The 15-minute window's wait is told in minutes, never as some 893 seconds.
    expect(locked.json().message).toBe('Too many requests. Please try again in about 15 minutes.');
    const inKiswahili = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: TEST_PASSWORD },
      remoteAddress: address,
      cookies: { lang: 'sw' },
    });
    expect(inKiswahili.statusCode).toBe(429);
    expect(inKiswahili.json().message).toBe(
      'Maombi ni mengi mno. Tafadhali jaribu tena baada ya takriban dakika 15.',
    );
    // The e-mail address is part of the key: the next person at the same address logs in.
    expect((await login(t.app, neighbour.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    // The owner, elsewhere, is not locked out by the guesses at that address.
    expect((await login(t.app, victim.email, TEST_PASSWORD, '100.64.20.2')).statusCode).toBe(200);
  });

  it('limits one account across addresses, and no other account', async () => {
    const target = await createUser(t.database.db);
    const bystander = await createUser(t.database.db);
    for (let i = 0; i < 6; i++)
      expect((await login(t.app, target.email, `guess-${i}`, `100.64.30.${i + 1}`)).statusCode).toBe(401);
    // Even the right password from yet another address waits for the window to end.
    expectRateLimited(await login(t.app, target.email, TEST_PASSWORD, '100.64.30.99'));
    expect((await login(t.app, bystander.email, TEST_PASSWORD, '100.64.30.1')).statusCode).toBe(200);
  });

  it('limits logins from one address overall', async () => {
    const address = '100.64.40.1';
    const accounts = await Promise.all(Array.from({ length: 13 }, () => createUser(t.database.db)));
    const statuses = [];
    for (const account of accounts)
      statuses.push((await login(t.app, account.email, TEST_PASSWORD, address)).statusCode);
    expect(statuses.slice(0, 12).every((status) => status === 200)).toBe(true);
    expect(statuses[12]).toBe(429);
  });

  it('limits chat file uploads per user, and no other user', async () => {
    const db = t.database.db;
    const client = await createUser(db);
    const planner = await createUser(db, { role: 'planner' });
    const { booking } = await createBookingOf(db, client, planner);
    const send = (user: TestUser) => {
      const data = new FormData();
      data.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]), 'menu.pdf');
      return injectAs(t, user, 'POST', `/api/bookings/${booking.id}/attachments`, data);
    };
    expect((await send(client)).statusCode).toBe(201);
    expect((await send(client)).statusCode).toBe(201);
    expectRateLimited(await send(client));
    expect((await send(planner)).statusCode).toBe(201);
  });

  it('limits image uploads per user, across the routes that take an image', async () => {
    const db = t.database.db;
    const planner = await createUser(db, { role: 'planner', planId: 'enterprise' });
    const other = await createUser(db);
    const category = await createCategory(db);
    const pkg = await createPackage(db, { plannerId: planner.id, categoryId: category.id });
    const image = await pngImage(320, 240);
    const picture = () =>
      injectAs(t, planner, 'POST', '/api/user/profile-picture', form({}, { bytes: image }));
    const update = (withImage: boolean) =>
      injectAs(
        t,
        planner,
        'PUT',
        `/api/packages/update/${pkg.id}`,
        form({ title: `Renamed ${Math.random()}` }, withImage ? { bytes: image } : undefined),
      );

    expect((await picture()).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages/create',
      headers: planner.headers,
      payload: form(
        {
          title: 'Sunset Gala',
          description: 'An evening by the lake.',
          price: '90000',
          category: category.id,
          location: 'Naivasha',
        },
        { bytes: image },
      ),
    });
    expect(created.statusCode).toBe(201);
    expectRateLimited(await update(true));
    expectRateLimited(await picture());
    // An edit without an image uploads nothing and is not counted.
    expect((await update(false)).statusCode).toBe(200);
    // Another user has a budget of their own.
    const theirs = await injectAs(t, other, 'POST', '/api/user/profile-picture', form({}, { bytes: image }));
    expect(theirs.statusCode).toBe(200);
  });

  it('refuses images above the pixel setting before decoding them', async () => {
    const user = await createUser(t.database.db);
    const upload = async (width: number, height: number) =>
      injectAs(
        t,
        user,
        'POST',
        '/api/user/profile-picture',
        form({}, { bytes: await pngImage(width, height) }),
      );
    const tooBig = await upload(1200, 900);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(MESSAGES.images.tooManyPixels(1));
    expect((await upload(1000, 1000)).statusCode).toBe(200);
  });
});

describe('when image work is backed up', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ IMAGE_ENCODES_AT_ONCE: '1', IMAGE_ENCODE_QUEUE: '0' });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After instead of queueing without end', async () => {
    const user = await createUser(t.database.db);
    const image = await pngImage(200, 200);
    const upload = () => injectAs(t, user, 'POST', '/api/user/profile-picture', form({}, { bytes: image }));
    let release = () => {};
    const busy = runImageWork(() => new Promise<void>((resolve) => (release = resolve)));
    const refused = await upload();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ success: false, code: 'UNAVAILABLE', message: MESSAGES.images.busy });
    release();
    await busy;
    expect((await upload()).statusCode).toBe(200);
  });
});

describe.skipIf(!postgres)('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const apps: Array<{ app: FastifyInstance; close(): Promise<void> }> = [];

  /** An app with its own connection pool, as another process would have. */
  async function startApp() {
    const pool = await openPostgres(database.url!, 3);
    const config = testConfig(dataDir, { RATE_LOGIN_PER_ACCOUNT: '4/15m' });
    const app = await buildApp({ config, database: pool });
    const started = {
      app,
      async close() {
        await app.close();
        await pool.close();
      },
    };
    apps.push(started);
    return started;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-limits-'));
  });
  afterAll(async () => {
    for (const started of apps) await started.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('count against the same counters', async () => {
    const [first, second] = [await startApp(), await startApp()];
    const user = await createUser(database.db);
    const statuses = [];
    for (const [i, { app }] of [first, second, first, second, first].entries())
      statuses.push((await login(app, user.email, 'guess', `100.64.50.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expectRateLimited(await login(second.app, user.email, TEST_PASSWORD, '100.64.50.9'));
  });

  it('keep limiting, per process, and keep answering when the counters table fails', async () => {
    const { app } = await startApp();
    const user = await createUser(database.db);
    await database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      expect((await login(app, user.email, TEST_PASSWORD, '100.64.60.1')).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) await login(app, user.email, 'guess', `100.64.60.${i + 2}`);
      expectRateLimited(await login(app, user.email, TEST_PASSWORD, '100.64.60.9'));
    } finally {
      await database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
  });
});
