import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createResetToken, createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { plans, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { SessionCache } from './session-cache';

// Kept long enough that nothing in these tests outlives its entry by the clock: only drops end them.
const t = useTestApp({ SESSION_CACHE_SECONDS: '30' });

/** A call that needs a signed-in user (401 for a guest). */
const bookings = (user: Pick<TestUser, 'headers'>) => injectAs(t, user, 'GET', '/api/bookings/my');
const whoAmI = async (user: Pick<TestUser, 'headers'>) =>
  (await injectAs(t, user, 'GET', '/api/auth/is-auth')).json().user;

/** Whether this process keeps `user`'s session now. */
const kept = (user: Pick<TestUser, 'token'>) => t.app.sessionStore.cache.get(hashToken(user.token));

/** Counts the round trips to the database while `run` runs (PGlite's queries, PostgreSQL's checkouts). */
async function roundTrips(run: () => Promise<unknown>): Promise<number> {
  let trips = 0;
  const { pglite, pool } = t.database;
  const stop = pool
    ? pool.onCheckout(() => trips++)
    : (() => {
        const client = pglite!;
        const { query, exec } = client;
        client.query = ((...args: Parameters<typeof query>) => {
          trips++;
          return query.apply(client, args);
        }) as typeof query;
        client.exec = ((...args: Parameters<typeof exec>) => {
          trips++;
          return exec.apply(client, args);
        }) as typeof exec;
        return () => {
          client.query = query;
          client.exec = exec;
        };
      })();
  try {
    await run();
  } finally {
    stop();
  }
  return trips;
}

/** A client whose session this process keeps (one signed-in call read it). */
async function warmClient(): Promise<TestUser> {
  const user = await createUser(t.database.db);
  expect((await bookings(user)).statusCode).toBe(200);
  expect(kept(user)).toBeDefined();
  return user;
}

describe('the session cache', () => {
  it('answers a session it keeps without a round trip, and reads it again once dropped', async () => {
    await expect.poll(() => t.app.sessionStore.cache.active).toBe(true);
    const user = await createUser(t.database.db);
    const ask = () => injectAs(t, user, 'GET', '/api/auth/is-auth');
    const { counts } = t.app.sessionStore.cache;
    const hits = counts.hits;
    const misses = counts.misses;
    expect(await roundTrips(ask)).toBe(1);
    expect(await roundTrips(ask)).toBe(0);
    expect([counts.hits - hits, counts.misses - misses]).toEqual([1, 1]);
    expect((await ask()).json().user.id).toBe(user.id);
    t.app.sessionStore.cache.dropUser(user.id);
    expect(await roundTrips(ask)).toBe(1);
  });

  it('ends a kept session at logout, at once', async () => {
    const user = await warmClient();
    expect((await injectAs(t, user, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await bookings(user)).statusCode).toBe(401);
  });

  it('ends kept sessions at a password reset, a role change and a deletion, at once', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    for (const change of ['reset', 'role', 'delete', 'delete own'] as const) {
      const user = await warmClient();
      const response =
        change === 'reset'
          ? await t.app.inject({
              method: 'POST',
              url: '/api/auth/reset-password',
              payload: {
                token: await createResetToken(t.database.db, user.id),
                newPassword: 'a-brand-new-one',
              },
            })
          : change === 'role'
            ? await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/role`, { role: 'planner' })
            : change === 'delete'
              ? await injectAs(t, admin, 'DELETE', `/api/user/${user.id}`)
              : await injectAs(t, user, 'DELETE', '/api/user/me', { password: TEST_PASSWORD });
      expect(response.statusCode, change).toBe(200);
      expect((await bookings(user)).statusCode, change).toBe(401);
      expect(kept(user), change).toBeUndefined();
    }
  });

  it('shows the next request a profile change, a plan set by an admin and a plan’s limits changed', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const user = await warmClient();
    await injectAs(t, user, 'PATCH', '/api/user/profile', { firstName: 'Achieng' });
    expect((await whoAmI(user)).firstName).toBe('Achieng');

    expect((await whoAmI(user)).plan._id).toBe('free');
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/plan`, { planId: 'pro' })).statusCode,
    ).toBe(200);
    expect((await whoAmI(user)).plan._id).toBe('pro');

    const [pro] = await t.database.db.select().from(plans).where(eq(plans.id, 'pro'));
    try {
      await t.database.db.update(plans).set({ maxPackages: 777 }).where(eq(plans.id, 'pro'));
      // Changed behind the app's back (an operator's SQL): the notification drops it everywhere.
      await expect.poll(() => kept(user)).toBeUndefined();
      expect((await whoAmI(user)).plan.features.maxPackages).toBe(777);
    } finally {
      await t.database.db.update(plans).set({ maxPackages: pro!.maxPackages }).where(eq(plans.id, 'pro'));
    }
  });

  it('drops a session whose user or session row changes in the database, by whatever wrote it', async () => {
    const user = await warmClient();
    await t.database.db.update(users).set({ username: 'Renamed by SQL' }).where(eq(users.id, user.id));
    await expect.poll(() => kept(user)).toBeUndefined();
    expect((await whoAmI(user)).username).toBe('Renamed by SQL');

    expect(kept(user)).toBeDefined();
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(user.token)));
    await expect.poll(() => kept(user)).toBeUndefined();
    expect((await bookings(user)).statusCode).toBe(401);

    // Every session ended at once (an operator's TRUNCATE): nothing kept stays.
    const other = await warmClient();
    await t.database.rows(sql`truncate sessions`);
    await expect.poll(() => kept(other)).toBeUndefined();
    expect((await bookings(other)).statusCode).toBe(401);
  });

  it('keeps nothing with SESSION_CACHE_SECONDS=0', async () => {
    const { buildApp } = await import('../../app');
    const plain = await buildApp({ config: { ...t.config, sessionCacheMs: 0 }, database: t.database });
    try {
      const user = await createUser(t.database.db);
      for (let i = 0; i < 2; i++)
        expect((await plain.inject({ url: '/api/auth/is-auth', headers: user.headers })).json().user.id).toBe(
          user.id,
        );
      expect(plain.sessionStore.cache.size).toBe(0);
      expect(plain.sessionStore.cache.get(hashToken(user.token))).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('checks the database again when a kept session is due for renewal', async () => {
    const user = await warmClient();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '2 days'` })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    await expect.poll(() => kept(user)).toBeUndefined();
    const response = await bookings(user);
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
  });
});

describe('SessionCache', () => {
  const session = (tokenHash: string, userId = 'u1', expiresAt = new Date(Date.now() + 7 * 86_400_000)) => ({
    tokenHash,
    expiresAt,
    renewed: false,
    user: { id: userId } as never,
    plan: { id: 'free' } as never,
  });

  function listeningCache(ttlMs = 5_000, maxEntries?: number) {
    const cache = new SessionCache(ttlMs, maxEntries);
    cache.setListening(true);
    return cache;
  }

  it('never keeps what a read begun before a drop found', () => {
    const cache = listeningCache();
    const before = cache.ticket();
    cache.dropUser('u1');
    cache.store(before, session('a'));
    expect(cache.get('a')).toBeUndefined();
    const other = cache.ticket();
    cache.dropSession('b');
    cache.store(other, session('b', 'u2'));
    expect(cache.get('b')).toBeUndefined();
    // A drop of someone else does not stop it.
    const after = cache.ticket();
    cache.dropUser('u9');
    cache.store(after, session('c'));
    expect(cache.get('c')).toBeDefined();
    const beforeAll = cache.ticket();
    cache.apply('*');
    cache.store(beforeAll, session('d'));
    expect(cache.get('d')).toBeUndefined();
  });

  it('keeps an entry no longer than its time or its session, and no more than its bound', () => {
    const cache = listeningCache(5_000, 2);
    const now = Date.now();
    cache.store(cache.ticket(), session('a', 'u1', new Date(now + 7 * 86_400_000)), now);
    expect(cache.get('a', now + 4_999)).toBeDefined();
    expect(cache.get('a', now + 5_000)).toBeUndefined();
    cache.store(cache.ticket(), session('b'), now);
    cache.store(cache.ticket(), session('c'), now);
    cache.store(cache.ticket(), session('d'), now);
    expect([cache.get('b', now), cache.get('c', now), cache.get('d', now)].map(Boolean)).toEqual([
      false,
      true,
      true,
    ]);
    expect(cache.size).toBe(2);
    // Those whose time is up leave as others come, read or not.
    cache.store(cache.ticket(), session('e'), now + 5_000);
    expect(cache.size).toBe(1);
    expect(cache.get('e', now + 5_000)).toBeDefined();
  });

  it('leaves a session due for renewal to the database', () => {
    const cache = listeningCache();
    cache.store(cache.ticket(), session('a', 'u1', new Date(Date.now() + 2 * 86_400_000)));
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing and answers nothing while it may miss a drop', () => {
    const cache = listeningCache();
    cache.store(cache.ticket(), session('a'));
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    const ticket = cache.ticket();
    cache.store(ticket, session('b'));
    expect(cache.size).toBe(0);
    cache.setListening(true);
    // A read begun while deaf may have missed a change: not kept.
    cache.store(ticket, session('c'));
    expect(cache.get('c')).toBeUndefined();
  });
});
