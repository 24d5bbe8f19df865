import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { addToCounters, counterKey } from './limiter';

/**
 * Budgets of events per fixed window, decided at once in this process (no round trip) and, when
 * shared, settled with the other processes through the `rate_limits` table every `settleMs`.
 */
export interface Budgets {
  /**
   * Takes one from `key`'s budget of `max` per `windowMs`; false once it is spent (a refused event
   * is not counted). Decided in memory, never waiting for the database.
   */
  take(key: string, max: number, windowMs: number): boolean;
  /** Sends what was taken here since the last settle and learns every process's count back. */
  settle(): Promise<void>;
  /** Stops the settling timer. */
  close(): void;
}

/** How often a process settles its budgets with the others, by default. */
export const SETTLE_EVERY_MS = 500;
const SWEEP_EVERY_MS = 10_000;
const FAILURE_LOG_EVERY_MS = 60_000;

/** One key's budget in this process, for its current window. */
interface Budget {
  key: string;
  /** The key as the table stores it, hashed once. */
  stored: string | undefined;
  windowMs: number;
  /** When the window ends (ms since the epoch): first guessed here, then as the database says. */
  endsAt: number;
  /** Counted by all processes in the window, as the last settle found (this one's settled included). */
  settled: number;
  /** Taken here and sent with the settle in flight. */
  sending: number;
  /** Taken here since then. */
  pending: number;
}

/**
 * Per-key budgets, counted in this process's memory and, with `shared` (default: on PostgreSQL),
 * settled in batches: every `settleMs` the keys taken here since the last settle go in one upsert
 * of the `rate_limits` table (lib/limiter.ts, whose windows the database's clock decides), which
 * answers each key's count on all processes; a key is allowed while that count plus what this
 * process took since is under `max`. So a process decides each event at once, and a user spread over
 * several processes gets at most `max` plus, on each other process, what it allowed before its next
 * settle told it the total: at most the events taken there within one `settleMs` and one round trip
 * (and never more than `max` a process). When a settle fails, its counts are kept and sent with the
 * next one, and each process goes on holding every key to `max` by its own count (logged at most
 * once a minute): an outage of the database lets a user no more than `max` per process through.
 */
export function createBudgets(options: {
  database: Database;
  log: FastifyBaseLogger;
  shared?: boolean;
  settleMs?: number;
}): Budgets {
  const shared = options.shared ?? options.database.kind === 'postgres';
  const budgets = new Map<string, Budget>();
  /** The budgets taken from since the last settle. */
  let taken = new Set<Budget>();
  let settling: Promise<void> | undefined;
  let sweepAt = 0;
  let lastFailureLog = 0;

  // What was taken in an ended window need not be settled any more: it can refuse nothing.
  const sweep = (now: number) => {
    for (const [key, budget] of budgets) {
      if (budget.endsAt > now || budget.sending > 0) continue;
      budgets.delete(key);
      taken.delete(budget);
    }
  };

  const take = (key: string, max: number, windowMs: number): boolean => {
    const now = Date.now();
    if (now >= sweepAt) {
      sweep(now);
      sweepAt = now + SWEEP_EVERY_MS;
    }
    let budget = budgets.get(key);
    if (!budget || budget.endsAt <= now) {
      if (budget) taken.delete(budget);
      budget = {
        key,
        stored: undefined,
        windowMs,
        endsAt: now + windowMs,
        settled: 0,
        sending: 0,
        pending: 0,
      };
      budgets.set(key, budget);
    }
    if (budget.settled + budget.sending + budget.pending >= max) return false;
    budget.pending += 1;
    if (shared) taken.add(budget);
    return true;
  };

  const send = async () => {
    const started = Date.now();
    const batch = [...taken].filter((budget) => budget.endsAt > started);
    taken = new Set();
    if (batch.length === 0) return;
    for (const budget of batch) {
      budget.sending = budget.pending;
      budget.pending = 0;
      budget.stored ??= counterKey(budget.key);
    }
    try {
      const counted = await addToCounters(
        options.database,
        batch.map((budget) => ({ key: budget.stored!, n: budget.sending, windowMs: budget.windowMs })),
      );
      const now = Date.now();
      for (const budget of batch) {
        const row = counted.get(budget.stored!);
        budget.sending = 0;
        if (!row) continue;
        budget.settled = row.count;
        budget.endsAt = now + row.resetInMs;
      }
    } catch (error) {
      // Kept for the next settle; meanwhile this process's own count holds the key to `max`.
      for (const budget of batch) {
        budget.pending += budget.sending;
        budget.sending = 0;
        if (budgets.get(budget.key) === budget) taken.add(budget);
      }
      const now = Date.now();
      if (now - lastFailureLog >= FAILURE_LOG_EVERY_MS) {
        lastFailureLog = now;
        options.log.warn(
          { err: error },
          'settling the chat budgets with the database failed; each process counts on its own meanwhile',
        );
      }
    }
  };

  const settle = async () => {
    // One settle at a time: what is taken meanwhile goes with the next.
    while (settling) await settling;
    if (taken.size === 0) return;
    settling = send().finally(() => {
      settling = undefined;
    });
    await settling;
  };

  const timer = shared ? setInterval(() => void settle(), options.settleMs ?? SETTLE_EVERY_MS) : undefined;
  timer?.unref();
  return {
    take,
    settle,
    close() {
      clearInterval(timer);
    },
  };
}
