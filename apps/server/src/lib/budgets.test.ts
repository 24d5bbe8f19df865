import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { type Budgets, createBudgets } from './budgets';
import { counterKey } from './limiter';

const silent = { warn: vi.fn() } as unknown as FastifyBaseLogger;
/** No settle on its own in a test: each one is asked for. */
const NEVER = 3_600_000;

let database: Database;
const made: Budgets[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const budgets of made) budgets.close();
  await database.close();
});

/** A process's budgets, settled with the others through `database` (PGlite here, or PostgreSQL). */
function processBudgets(log = silent) {
  const budgets = createBudgets({ database, log, shared: true, settleMs: NEVER });
  made.push(budgets);
  return budgets;
}

async function stored(key: string) {
  const [row] = await database.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, counterKey(key)));
  return row?.count;
}

describe('budgets counted in memory and settled in batches', () => {
  it('refuse a user over the budget at once, before any settle, without asking the database', async () => {
    const budgets = processBudgets();
    const execute = vi.spyOn(database.db, 'execute');
    try {
      const answers = Array.from({ length: 8 }, () => budgets.take('at-once', 5, 60_000));
      // Decided there and then: booleans, not promises.
      expect(answers).toEqual([true, true, true, true, true, false, false, false]);
      expect(budgets.take('at-once-other', 5, 60_000)).toBe(true);
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
    expect(await stored('at-once')).toBeUndefined();
    await budgets.settle();
    // The refused events are not counted.
    expect(await stored('at-once')).toBe(5);
    expect(await stored('at-once-other')).toBe(1);
  });

  it('start a key again once its window has ended', async () => {
    const budgets = processBudgets();
    expect(budgets.take('window', 1, 150)).toBe(true);
    expect(budgets.take('window', 1, 150)).toBe(false);
    await budgets.settle();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(budgets.take('window', 1, 150)).toBe(true);
  });

  it('learn with each settle what the other process counted', async () => {
    const a = processBudgets();
    const b = processBudgets();
    for (let i = 0; i < 4; i++) expect(a.take('spread', 10, 60_000)).toBe(true);
    await a.settle();
    for (let i = 0; i < 3; i++) expect(b.take('spread', 10, 60_000)).toBe(true);
    await b.settle();
    expect(await stored('spread')).toBe(7);
    // B's settle told it of A's 4: three more, and the fourth refused at once.
    expect(Array.from({ length: 4 }, () => b.take('spread', 10, 60_000))).toEqual([true, true, true, false]);
    await b.settle();
    expect(await stored('spread')).toBe(10);
    // A learns of B's six with its next settle: until then it may allow what it takes in that
    // interval (here one), never more than the budget by its own count.
    expect(a.take('spread', 10, 60_000)).toBe(true);
    await a.settle();
    expect(await stored('spread')).toBe(11);
    expect(a.take('spread', 10, 60_000)).toBe(false);
    expect(b.take('spread', 10, 60_000)).toBe(false);
  });

  it('hold a user spread over two processes to the budget plus one settle interval’s events on the other', async () => {
    const max = 30;
    const perInterval = 4;
    const a = processBudgets();
    const b = processBudgets();
    let allowed = 0;
    // Each process takes `perInterval` events between settles, the two settling together.
    for (let interval = 0; interval < 20; interval++) {
      for (let i = 0; i < perInterval; i++) {
        if (a.take('bound', max, 60_000)) allowed += 1;
        if (b.take('bound', max, 60_000)) allowed += 1;
      }
      await Promise.all([a.settle(), b.settle()]);
    }
    expect(allowed).toBeGreaterThanOrEqual(max);
    expect(allowed).toBeLessThanOrEqual(max + perInterval);
    expect(await stored('bound')).toBe(allowed);
    // A process that has not yet seen the user learns the total with its first settle.
    const c = processBudgets();
    expect(c.take('bound', max, 60_000)).toBe(true);
    await c.settle();
    expect(c.take('bound', max, 60_000)).toBe(false);
  });

  it('go on holding the budget in each process while the database fails, and settle what was counted once it is back', async () => {
    const warn = vi.fn();
    const budgets = processBudgets({ warn } as unknown as FastifyBaseLogger);
    expect(budgets.take('hiccup', 6, 60_000)).toBe(true);
    await budgets.settle();
    await database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const during = Array.from({ length: 10 }, () => budgets.take('hiccup', 6, 60_000));
      await budgets.settle();
      await budgets.settle();
      expect(during.filter(Boolean)).toHaveLength(5);
      expect(budgets.take('hiccup', 6, 60_000)).toBe(false);
      // Logged once, not once a settle.
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      await database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    await budgets.settle();
    expect(await stored('hiccup')).toBe(6);
    expect(budgets.take('hiccup', 6, 60_000)).toBe(false);
  });

  it('settle on their own every interval', async () => {
    const budgets = createBudgets({ database, log: silent, shared: true, settleMs: 50 });
    made.push(budgets);
    budgets.take('timer', 5, 60_000);
    await expect.poll(() => stored('timer')).toBe(1);
  });

  it('count in memory only when not shared (one process on PGlite)', async () => {
    const budgets = createBudgets({ database, log: silent, shared: false, settleMs: 50 });
    made.push(budgets);
    expect(Array.from({ length: 3 }, () => budgets.take('alone', 2, 60_000))).toEqual([true, true, false]);
    await budgets.settle();
    expect(await stored('alone')).toBeUndefined();
  });
});
