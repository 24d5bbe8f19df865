import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import type { PlanRow, UserRow } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { findSessionByHash, sessionRenewalDue } from './sessions';

/**
 * Sessions kept in this process for a few seconds, so that most signed-in requests need no round
 * trip to read theirs (docs/decisions/027-session-cache.md). Every process drops an entry the moment
 * the database says so: triggers (migration 0028) notify the channel below at commit whenever a
 * session ends or changes, a user's row changes or goes, or a plan changes; and the process that
 * made the change drops it itself before it answers (`forget`).
 */
export const SESSION_CACHE_CHANNEL = 'sherehe_sessions';
/** At most this many sessions kept; the oldest are dropped first. */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;
/** How long the process that ended sessions waits, at the most, to hear its own notification back. */
const SETTLE_TIMEOUT_MS = 1_000;
/** Drops remembered for reads in flight (see `droppedAt`); beyond that, every read in flight is refused. */
const MAX_REMEMBERED_DROPS = 10_000;

export interface FoundSession {
  tokenHash: string;
  expiresAt: Date;
  /** Whether this look-up pushed the expiry back (the cookie is then set again). */
  renewed: boolean;
  user: UserRow;
  plan: PlanRow;
}

interface Entry {
  session: FoundSession;
  /** Date.now() after which the entry is not used: its time in the cache or the session's end. */
  until: number;
}

/** Counted for the metrics: answers from the cache, and look-ups that went to the database. */
export interface SessionCacheCounts {
  hits: number;
  misses: number;
}

/** The in-memory part: entries, drops and the guard against storing what was read before a drop. */
export class SessionCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** By token hash, oldest first (a Map keeps insertion order). */
  readonly #entries = new Map<string, Entry>();
  readonly #byUser = new Map<string, Set<string>>();
  /** Bumped by every drop: a read takes it before going to the database (`ticket`). */
  #epoch = 0;
  /** The epoch of each token hash's or user id's last drop: a read that began before it is not kept. */
  readonly #droppedAt = new Map<string, number>();
  /** Reads that began before it are never kept (everything was dropped, or drops were forgotten). */
  #floor = 0;
  #listening = false;
  readonly counts: SessionCacheCounts = { hits: 0, misses: 0 };

  constructor(ttlMs: number, maxEntries = SESSION_CACHE_MAX_ENTRIES) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  /** Whether entries are kept and used: on, and hearing every drop. */
  get active(): boolean {
    return this.#ttlMs > 0 && this.#listening;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Notifications heard (true) or possibly missed (false): either way, what is kept may be stale
   * and goes, and reads begun before stay out.
   */
  setListening(on: boolean): void {
    this.#listening = on;
    this.clear();
  }

  /** The session of a token hash, if kept, still live and not due for renewal. */
  get(tokenHash: string, now = Date.now()): FoundSession | undefined {
    if (!this.active) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || sessionRenewalDue(entry.session.expiresAt)) {
      this.#remove(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before a read from the database: `store` keeps what it read only if nothing was dropped since. */
  ticket(): number {
    return this.#epoch;
  }

  store(ticket: number, session: FoundSession, now = Date.now()): void {
    if (!this.active || ticket < this.#floor) return;
    const { tokenHash } = session;
    const userId = session.user.id;
    if (ticket < (this.#droppedAt.get(tokenHash) ?? 0) || ticket < (this.#droppedAt.get(userId) ?? 0)) return;
    const until = Math.min(now + this.#ttlMs, session.expiresAt.getTime());
    if (until <= now) return;
    this.#remove(tokenHash);
    this.#entries.set(tokenHash, { session: { ...session, renewed: false }, until });
    let hashes = this.#byUser.get(userId);
    if (!hashes) {
      hashes = new Set();
      this.#byUser.set(userId, hashes);
    }
    hashes.add(tokenHash);
    // The oldest go first: over the bound, and those whose time is up (entries are kept in the order
    // they were stored, so their ends nearly in order too), so memory holds only recent sessions.
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && entry.until > now) break;
      this.#remove(oldest);
    }
  }

  dropSession(tokenHash: string): void {
    this.#dropped(tokenHash);
    this.#remove(tokenHash);
  }

  dropUser(userId: string): void {
    this.#dropped(userId);
    for (const tokenHash of this.#byUser.get(userId) ?? []) this.#remove(tokenHash);
  }

  clear(): void {
    this.#floor = ++this.#epoch;
    this.#droppedAt.clear();
    this.#entries.clear();
    this.#byUser.clear();
  }

  /** A notification's payload (migration 0028): 's:' a token hash, 'u:' a user id, '*' everything. */
  apply(payload: string): void {
    if (payload.startsWith('s:')) this.dropSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.dropUser(payload.slice(2));
    else if (payload === '*') this.clear();
  }

  #dropped(key: string): void {
    if (this.#droppedAt.size >= MAX_REMEMBERED_DROPS) {
      // Forgetting which keys were dropped: no read in flight may be kept, whatever it read.
      this.#floor = this.#epoch + 1;
      this.#droppedAt.clear();
    }
    this.#droppedAt.set(key, ++this.#epoch);
  }

  #remove(tokenHash: string): void {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return;
    this.#entries.delete(tokenHash);
    const userId = entry.session.user.id;
    const hashes = this.#byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.#byUser.delete(userId);
  }
}

/** What ended, for `SessionStore.forget`: one session, or every session of a user. */
export type EndedSessions = { tokenHash: string } | { userId: string };

export interface SessionStore {
  readonly cache: SessionCache;
  /** The live session of a token with its user and plan (renewing it when due): from the cache, else the database. */
  find(token: string): Promise<FoundSession | undefined>;
  /**
   * After a change that ended sessions committed: drops them here at once, then waits (a second
   * at the most) until this process hears back a notification sent after it, by which time every
   * process listening has been sent the change's own notifications (they come in commit order).
   */
  forget(ended: EndedSessions): Promise<void>;
  close(): Promise<void>;
}

/**
 * The session cache of this process, listening for drops on `database`. With `ttlMs` 0 it keeps
 * nothing and every look-up reads the database, as before.
 */
export async function startSessionStore(
  database: Pick<Database, 'db' | 'kind' | 'listen'>,
  options: { ttlMs: number; maxEntries?: number; onListening?: (on: boolean) => void },
): Promise<SessionStore> {
  const cache = new SessionCache(options.ttlMs, options.maxEntries);
  const fences = new Map<string, () => void>();
  let fenceCount = 0;
  let listening = false;
  const unlisten =
    options.ttlMs > 0
      ? await database.listen(SESSION_CACHE_CHANNEL, {
          notify(payload) {
            if (payload.startsWith('f:')) fences.get(payload)?.();
            else cache.apply(payload);
          },
          listening(on) {
            cache.setListening(on);
            // Told once per change: a database down for a minute is retried every second.
            if (on !== listening) options.onListening?.(on);
            listening = on;
          },
        })
      : async () => {};
  const db: Queryable = database.db;

  return {
    cache,
    async find(token) {
      const tokenHash = hashToken(token);
      const kept = cache.get(tokenHash);
      if (kept) {
        cache.counts.hits++;
        return kept;
      }
      cache.counts.misses++;
      const ticket = cache.ticket();
      const found = await findSessionByHash(db, tokenHash);
      if (found) cache.store(ticket, found);
      return found;
    },
    async forget(ended) {
      if ('tokenHash' in ended) cache.dropSession(ended.tokenHash);
      else cache.dropUser(ended.userId);
      // PGlite delivers notifications before the committing statement returns: nothing to wait for.
      if (database.kind !== 'postgres' || !cache.active) return;
      const fence = `f:${process.pid}:${++fenceCount}:${Math.random().toString(36).slice(2)}`;
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
        fences.set(fence, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      try {
        await db.execute(sql`select pg_notify(${SESSION_CACHE_CHANNEL}, ${fence})`);
        await heard;
      } catch {
        // The database unreachable: the change itself committed; the drops travel with it.
      } finally {
        fences.delete(fence);
      }
    },
    async close() {
      await unlisten();
      cache.setListening(false);
    },
  };
}
