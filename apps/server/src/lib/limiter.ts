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

/**
 * One atomic upsert per event: a new key or an ended window starts at 1, a live one adds 1. The
 * database's clock decides the windows, so processes whose clocks drift still agree. Keys are
 * stored hashed: no address or e-mail address sits in the table.
 */
export class DatabaseCounters implements Counters {
  constructor(private readonly database: Database) {}

  async count(key: string, windowMs: number) {
    const ended = sql`${rateLimits.resetAt} <= now()`;
    const [row] = await this.database.db
      .insert(rateLimits)
      .values({
        key: createHash('sha256').update(key).digest('base64url'),
        count: 1,
        resetAt: sql`now() + ${windowMs}::float8 * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        resetInMs: sql<number>`(extract(epoch from ${rateLimits.resetAt} - now()) * 1000)::float8`,
      });
    if (!row) throw new Error('rate-limit upsert returned no row');
    return { count: row.count, resetInMs: Math.max(0, Number(row.resetInMs)) };
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
