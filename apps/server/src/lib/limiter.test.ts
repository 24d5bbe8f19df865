import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { createLimiter, type Limiter } from './limiter';

const silent = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// The same behaviour from both kinds of counters; the database's run on PGlite here too.
describe.each([
  { kind: 'in the database', shared: true },
  { kind: 'in memory', shared: false },
])('counters $kind', ({ shared }) => {
  let limiter: Limiter;
  beforeAll(() => {
    limiter = createLimiter({ database, log: silent, shared });
  });
  afterAll(() => limiter.close());

  it('allow max events a window per key, then refuse, and say when the window ends', async () => {
    const key = `take-${shared}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.take(key, 3, 60_000));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    for (const result of results) {
      expect(result.resetInMs).toBeGreaterThan(50_000);
      expect(result.resetInMs).toBeLessThanOrEqual(60_000);
    }
    expect((await limiter.take(`${key}-other`, 3, 60_000)).allowed).toBe(true);
  });

  it('start again once the window has ended', async () => {
    const key = `window-${shared}`;
    expect((await limiter.take(key, 1, 150)).allowed).toBe(true);
    expect((await limiter.take(key, 1, 150)).allowed).toBe(false);
    await sleep(250);
    expect(await limiter.take(key, 1, 150)).toMatchObject({ allowed: true, count: 1 });
  });

  it('count every event of a burst exactly once', async () => {
    const key = `burst-${shared}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.take(key, 5, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('count the keys of one batch apart, each event of a key in the order taken', async () => {
    const keys = [`mixed-a-${shared}`, `mixed-b-${shared}`, `mixed-c-${shared}`];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => limiter.take(keys[i % 3] ?? '', 2, 60_000)),
    );
    for (const [k] of keys.entries()) {
      const ofKey = results.filter((_, i) => i % 3 === k);
      expect(ofKey.map((r) => [r.allowed, r.count])).toEqual([
        [true, 1],
        [true, 2],
        [false, 3],
        [false, 4],
      ]);
    }
  });
});

describe('counters in the database', () => {
  it('store no address or e-mail address, and sweep the ended windows', async () => {
    const limiter = createLimiter({ database, log: silent, shared: true });
    await limiter.take('login-account:wanjiku@example.test', 5, 60_000);
    await limiter.take('sweep-me:100.64.0.1', 5, 100);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.join(' ')).not.toMatch(/wanjiku|example|100\.64/);
    await sleep(200);
    const rows = async (live: boolean) => {
      const [row] = await database.db
        .select({ n: count() })
        .from(rateLimits)
        .where(live ? sql`${rateLimits.resetAt} > now()` : sql`${rateLimits.resetAt} <= now()`);
      return row!.n;
    };
    const live = await rows(true);
    expect(await rows(false)).toBeGreaterThan(0);
    await limiter.sweep();
    expect(await rows(false)).toBe(0);
    expect(await rows(true)).toBe(live);
    limiter.close();
  });

  it('fall back to counting in memory, with a warning, when the database fails', async () => {
    const warn = vi.fn();
    const limiter = createLimiter({ database, log: { warn } as unknown as FastifyBaseLogger, shared: true });
    await database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await limiter.take('fallback', 2, 60_000));
      expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
      // Logged once, not once an event.
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      await database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
      limiter.close();
    }
  });
});
