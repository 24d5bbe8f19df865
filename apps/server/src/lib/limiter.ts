import { createHash } from 'node:crypto';
import { inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

/** What one `take` found: the event is counted whether or not it is allowed. */
export interface TakeResult {
  /** Whether this event is within the limit. */
  allowed: boolean;
  /** Events counted for the key in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the key starts again from zero. */
  resetInMs: number;
}

/**
 * Fixed-window counters, one per key. With PostgreSQL they live in the `rate_limits` table, so
 * every server process counts against the same number; with PGlite (one process) in memory.
 */
export interface Limiter {
  /** Counts one event for `key`; allowed while at most `max` were counted in its `windowMs`. */
  take(key: string, max: number, windowMs: number): Promise<TakeResult>;
  /** Deletes counters whose window has ended (also done now and then on its own). */
  sweep(): Promise<void>;
  /** Stops the sweeping timer. */
  close(): void;
}

interface Counters {
  count(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  sweep(): Promise<void>;
}

/** Beyond this many live keys the oldest are dropped: a flood of new keys cannot fill memory. */
const MEMORY_KEYS = 100_000;

export class MemoryCounters implements Counters {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  async count(key: string, windowMs: number) {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      this.#windows.delete(key);
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
      if (this.#windows.size > MEMORY_KEYS) {
        const oldest = this.#windows.keys().next().value;
        if (oldest !== undefined) this.#windows.delete(oldest);
      }
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async sweep() {
    const now = Date.now();
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/** One event waiting for its batch: its key (hashed), its window, and who awaits its count. */
interface PendingTake {
  key: string;
  windowMs: number;
  resolve: (counted: { count: number; resetInMs: number }) => void;
  reject: (error: unknown) => void;
}

interface CountedRow {
  key: string;
  count: number;
  reset_in_ms: number;
}

/** A key as the `rate_limits` table stores it: hashed, so no address or e-mail address sits there. */
export const counterKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * Adds `n` to each key's counter (`key` as `counterKey` gives it) in one atomic upsert: a new key or
 * an ended window starts at `n` for `windowMs`, a live one adds `n`. Answers each key's count in its
 * window after the statement, and the milliseconds until that window ends. Keys are upserted in
 * sorted order, so statements in flight together (of this process or another) lock rows in one
 * order and cannot deadlock. The database's clock decides the windows, so processes whose clocks
 * drift still agree.
 */
export async function addToCounters(
  database: Database,
  counts: ReadonlyArray<{ key: string; n: number; windowMs: number }>,
): Promise<Map<string, { count: number; resetInMs: number }>> {
  const rows = counts
    .map(({ key, n, windowMs }) => ({ k: key, n, w: windowMs }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  const result = await database.db.execute(sql`
    insert into ${rateLimits} as r (key, count, reset_at)
    select t.k, t.n, now() + t.w * interval '1 millisecond'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(k text, n integer, w float8)
    order by t.k
    on conflict (key) do update set
      count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.key, r.count, (extract(epoch from r.reset_at - now()) * 1000)::float8 as reset_in_ms`);
  return new Map(
    (result as unknown as { rows: CountedRow[] }).rows.map((row) => [
      row.key,
      { count: Number(row.count), resetInMs: Math.max(0, Number(row.reset_in_ms)) },
    ]),
  );
}

/**
 * Counters in the `rate_limits` table (`addToCounters`). The events of one turn of the event loop
 * go in one statement (a chat at 1,000 messages a second would otherwise spend a round trip per
 * event), each key once with how many it counts; every event still gets its own count, in the order
 * taken.
 */
export class DatabaseCounters implements Counters {
  #pending: PendingTake[] = [];

  constructor(private readonly database: Database) {}

  count(key: string, windowMs: number) {
    return new Promise<{ count: number; resetInMs: number }>((resolve, reject) => {
      if (this.#pending.length === 0) setImmediate(() => void this.#flush());
      this.#pending.push({ key: counterKey(key), windowMs, resolve, reject });
    });
  }

  async #flush() {
    const batch = this.#pending;
    this.#pending = [];
    const byKey = new Map<string, PendingTake[]>();
    for (const take of batch) {
      const takes = byKey.get(take.key);
      if (takes) takes.push(take);
      else byKey.set(take.key, [take]);
    }
    try {
      const counted = await addToCounters(
        this.database,
        [...byKey].map(([key, takes]) => ({ key, n: takes.length, windowMs: takes[0]?.windowMs ?? 0 })),
      );
      for (const [key, takes] of byKey) {
        const row = counted.get(key);
        if (!row) throw new Error('rate-limit upsert returned no row');
        // The row's count includes all of this batch's events: the first taken gets the lowest.
        const first = row.count - takes.length + 1;
        takes.forEach((take, i) => {
          take.resolve({ count: first + i, resetInMs: row.resetInMs });
        });
      }
    } catch (error) {
      for (const take of batch) take.reject(error);
    }
  }

  async sweep() {
    const ended = this.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lte(rateLimits.resetAt, sql`now()`))
      .limit(10_000);
    await this.database.db.delete(rateLimits).where(inArray(rateLimits.key, ended));
  }
}

const SWEEP_EVERY_MS = 5 * 60_000;
const FAILURE_LOG_EVERY_MS = 60_000;

/**
 * The limiter of one app. `shared` (default: on PostgreSQL) keeps the counters in the database.
 * When the database cannot count, the event is counted in this process's memory instead and the
 * failure logged (at most once a minute): limits go on holding, per process, and requests are not
 * refused for a fault of the counter (docs/decisions/013-rate-limits.md).
 */
export function createLimiter(options: {
  database: Database;
  log: FastifyBaseLogger;
  shared?: boolean;
}): Limiter {
  const memory = new MemoryCounters();
  const shared =
    (options.shared ?? options.database.kind === 'postgres')
      ? new DatabaseCounters(options.database)
      : undefined;
  let lastFailureLog = 0;
  const failed = (error: unknown, what: string) => {
    const now = Date.now();
    if (now - lastFailureLog < FAILURE_LOG_EVERY_MS) return;
    lastFailureLog = now;
    options.log.warn(
      { err: error },
      `rate-limit counters in the database failed (${what}); counting in memory`,
    );
  };

  const limiter: Limiter = {
    async take(key, max, windowMs) {
      let counted: { count: number; resetInMs: number };
      try {
        counted = shared ? await shared.count(key, windowMs) : await memory.count(key, windowMs);
      } catch (error) {
        failed(error, 'take');
        counted = await memory.count(key, windowMs);
      }
      return { allowed: counted.count <= max, ...counted };
    },
    async sweep() {
      await memory.sweep();
      try {
        await shared?.sweep();
      } catch (error) {
        failed(error, 'sweep');
      }
    },
    close() {
      clearInterval(timer);
    },
  };
  // Processes started together sweep at different moments.
  const timer = setInterval(() => void limiter.sweep(), SWEEP_EVERY_MS * (0.75 + Math.random() / 2));
  timer.unref();
  return limiter;
}
