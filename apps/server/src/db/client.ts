import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: query functions accept both. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (kind pglite): backups copy it from the process that runs it. */
  pglite?: PGlite;
  /** Applies pending migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Runs raw SQL and returns its rows. */
  rows<T>(query: SQL): Promise<T[]>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, watched by the metrics (metrics/); PGlite has none. */
  pool?: PoolWatch;
  /**
   * LISTENs on `channel` (notifications are delivered at commit) until the returned function is
   * called. `listening` says when notifications may be missed (false) and when they arrive again
   * (true): PostgreSQL listens on a connection of its own and reconnects when it is lost; PGlite
   * delivers before the statement that committed returns, and never stops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  listening(on: boolean): void;
}

/** What the metrics read of a connection pool. */
export interface PoolWatch {
  /** Connections open, of them idle, and queries waiting for one, now. */
  stats(): { total: number; idle: number; waiting: number };
  /** Calls `listener` with the seconds each checkout took (opening a connection included); returns its removal. */
  onCheckout(listener: (seconds: number) => void): () => void;
}

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: unknown) => void,
) => void;

/** Times every checkout of `pool` (queries, transactions, migrations) for `PoolWatch.onCheckout`. */
function watchPool(pool: pg.Pool): PoolWatch {
  const listeners = new Set<(seconds: number) => void>();
  const connect = pool.connect.bind(pool) as unknown as (callback: ConnectCallback) => void;
  // pg.Pool's query() checks a client out through `this.connect(callback)`, so this sees those too.
  pool.connect = ((callback?: ConnectCallback) => {
    const started = performance.now();
    const done = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    if (callback)
      return connect((error, client, release) => {
        done();
        callback(error, client, release);
      });
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((error, client) => {
        done();
        if (error) reject(error);
        else resolve(client!);
      }),
    );
  }) as typeof pool.connect;
  return {
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onCheckout(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function withCommon(base: Omit<Database, 'rows' | 'ping'>): Database {
  const database: Database = {
    ...base,
    async rows<T>(query: SQL) {
      const result = await base.db.execute(query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async ping() {
      await base.db.execute(sql`select 1`);
    },
  };
  return database;
}

/** How long a lost LISTEN connection waits before it tries again. */
const RELISTEN_MS = 1_000;
/**
 * How often a LISTEN connection is asked a `select 1`, which must answer within LISTEN_PROBE_TIMEOUT_MS:
 * a connection silently gone (a network cut) is found in seconds, not at the OS's keep-alive hours.
 */
const LISTEN_PROBE_MS = 10_000;
const LISTEN_PROBE_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool and stop hearing),
 * opened again a second after it is lost (the database restarting, the connection terminated, a
 * probe unanswered).
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let probe: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      query_timeout: LISTEN_PROBE_TIMEOUT_MS,
      keepAlive: true,
      // Which process listens, in pg_stat_activity (the tests cut one process's connection).
      application_name: `sherehe-listen-${process.pid}`,
    });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(probe);
      client.end().catch(() => {});
      if (stopped) return;
      handlers.listening(false);
      retry = setTimeout(() => void open(), RELISTEN_MS);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (lost || stopped) return;
      handlers.listening(true);
      probe = setInterval(() => {
        client.query('select 1').catch(onLost);
      }, LISTEN_PROBE_MS);
      probe.unref();
    } catch {
      onLost();
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(probe);
    await current?.end().catch(() => {});
  };
}

/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 727_001;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A connection lost (the database restarting) must not crash the process: idle clients report on
  // the pool, busy ones on themselves; the query in flight fails (503) and the pool reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const watch = watchPool(pool);
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let ended: Promise<void> | undefined;
  return withCommon({
    db,
    kind: 'postgres',
    pool: watch,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close() {
      ended ??= pool.end();
      return ended;
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  });
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return withCommon({
    db,
    kind: 'pglite',
    pglite: client,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.notify);
      handlers.listening(true);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  });
}

export const pgliteExtensions = { pg_trgm };

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  return wrapPglite(client);
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/db. */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'db'));
}
