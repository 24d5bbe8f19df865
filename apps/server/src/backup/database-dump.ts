import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/client';
import { migrationsFolder } from '../paths';

/** What a database holds, as the manifest records it and a restore checks it again. */
export interface DatabaseFacts {
  serverVersion: string;
  /** Migrations applied: how many, and the last one's name from drizzle/meta/_journal.json. */
  migrations: { applied: number; last: string | undefined };
  /** Every table of the app: its rows, and the sum of each money column (as text: cents may pass 2^53). */
  tables: Record<string, { rows: number; sums: Record<string, string> }>;
}

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Columns holding money (cents, and the old Ksh columns): numbers named like amount, price, fee… */
const MONEY_COLUMN = '(^|_)(amount|price|fee|cents|total|balance|budget)(_|$)';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Counts and sums every table of schema public, and reads the migration level, through `query`. */
export async function readFacts(query: Query): Promise<DatabaseFacts> {
  const [version] = await query('show server_version');
  const tables = (
    await query(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    )
  ).map((row) => String(row.name));
  const money = await query(
    `select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and data_type in ('smallint', 'integer', 'bigint', 'numeric')
        and column_name ~ '${MONEY_COLUMN}' order by table_name, column_name`,
  );
  const facts: DatabaseFacts['tables'] = {};
  for (const table of tables) {
    const columns = money.filter((row) => row.t === table).map((row) => String(row.c));
    const sums = columns.map((column, i) => `, coalesce(sum(${ident(column)}), 0)::text as s${i}`).join('');
    const [row] = await query(`select count(*)::text as n${sums} from ${ident(table)}`);
    facts[table] = {
      rows: Number(row?.n ?? 0),
      sums: Object.fromEntries(columns.map((column, i) => [column, String(row?.[`s${i}`])])),
    };
  }
  const [migrated] = await query(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  ).catch(() => [{ applied: 0, last: null }]);
  return {
    serverVersion: String(version?.server_version ?? ''),
    migrations: { applied: Number(migrated?.applied ?? 0), last: migrationName(migrated?.last) },
    tables: facts,
  };
}

/** A migration's tag (`0026_sms_phones_and_settings`) from the time drizzle records for it. */
function migrationName(when: unknown): string | undefined {
  if (when === null || when === undefined) return undefined;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((entry) => String(entry.when) === String(when))?.tag ?? String(when);
}

export function pgliteQuery(client: PGlite): Query {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

/**
 * A PGlite database's copy: its data folder as a gzipped tarball, taken while no query runs
 * (`dumpDataDir` holds PGlite's query lock), so it is the folder as a power cut at that moment would
 * leave it, which PostgreSQL recovers from exactly: committed transactions kept, one in progress
 * rolled back. The facts are read from the copy itself, opened in memory, so they describe exactly
 * what the archive holds (and prove that it opens).
 */
export async function dumpPglite(client: PGlite): Promise<{ dump: Buffer; facts: DatabaseFacts }> {
  await client.query('checkpoint');
  const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  const facts = await withPgliteCopy(dump, undefined, (copy) => readFacts(pgliteQuery(copy)));
  return { dump, facts };
}

/**
 * Refuses to open a PGlite folder that a process has open: PGlite writes postmaster.pid there while
 * it runs and removes it when it closes. Two processes on one folder would corrupt it.
 */
export function assertPgliteFree(dbDir: string): void {
  if (existsSync(path.join(dbDir, 'postmaster.pid')))
    throw new Error(
      `${dbDir} is open in a running server that did not answer on DATA_DIR/backup.sock (see its log). If no server runs (one stopped without closing the database), start it and stop it once, then try again.`,
    );
}

/** Opens a PGlite data-folder tarball (in memory, or into `dataDir`) for `use`, then closes it. */
export async function withPgliteCopy<T>(
  dump: Buffer,
  dataDir: string | undefined,
  use: (client: PGlite) => Promise<T>,
): Promise<T> {
  const client = await PGlite.create({
    ...(dataDir && { dataDir }),
    loadDataDir: new Blob([new Uint8Array(dump)]),
    extensions: pgliteExtensions,
  });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** The folder of PostgreSQL's client programs: PG_BIN, the newest /usr/lib/postgresql/N/bin, or PATH. */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  const configured = process.env.PG_BIN;
  if (configured) return path.join(configured, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(root, entry, 'bin', name)))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin', name) : name;
}

/** Runs a program; its error output becomes the error's message. */
export function run(program: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', (error) =>
      reject(
        new Error(
          `${program} could not be started (${error.message}): install PostgreSQL's client programs, or set PG_BIN to their folder`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(program)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * A connection address for pg_dump and pg_restore: the password goes in their environment, where
 * other users' `ps` does not show it.
 */
export function postgresTarget(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * A PostgreSQL database's copy in pg_dump's custom format, written to `file`. The facts are read in
 * the very snapshot pg_dump copies (a repeatable-read transaction exports it, pg_dump --snapshot
 * takes it), so they match the dump row for row while the app goes on writing.
 */
export async function dumpPostgres(url: string, file: string): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const facts = await readFacts(async (text) => (await client.query(text)).rows);
    const target = postgresTarget(url);
    await run(
      postgresProgram('pg_dump'),
      ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`, `--dbname=${target.dbname}`],
      target.env,
    );
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}
