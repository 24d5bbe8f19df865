import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BackupConfig, MANIFEST, type Manifest, readManifest, sha256 } from './backup';
import { backupServerAnswers } from './backup-socket';
import {
  assertPgliteFree,
  type DatabaseFacts,
  pgliteQuery,
  postgresProgram,
  postgresTarget,
  readFacts,
  run,
  withPgliteCopy,
} from './database-dump';
import { isStoredFileKey, storedFilesOf } from './stored-files';
import { extractTar } from './tar';

/** A restore that was not started: the target is not empty, or cannot take this archive. */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  /** What was checked against the manifest after restoring. */
  checked: { tables: number; files: number };
  /** Every difference found; empty when the restore matches the manifest. */
  problems: string[];
}

async function withPostgres<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** What the target database already holds, in words, or undefined when it is empty. */
async function databaseContents(config: BackupConfig, dbDir: string): Promise<string | undefined> {
  if (config.databaseUrl) {
    const { rows } = await withPostgres(config.databaseUrl, (client) =>
      client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
      ),
    );
    const tables = rows[0]?.n ?? 0;
    return tables > 0 ? `the database has ${tables} tables` : undefined;
  }
  const entries = await readdir(dbDir).catch(() => []);
  return entries.length > 0 ? `${dbDir} is not empty` : undefined;
}

/** Differences between the facts a manifest records and those of the restored database. */
export function compareFacts(expected: DatabaseFacts, found: DatabaseFacts): string[] {
  const problems: string[] = [];
  if (expected.migrations.applied !== found.migrations.applied)
    problems.push(
      `migrations: ${found.migrations.applied} applied, the backup had ${expected.migrations.applied}`,
    );
  for (const [table, facts] of Object.entries(expected.tables)) {
    const restored = found.tables[table];
    if (!restored) {
      problems.push(`table ${table} is missing`);
      continue;
    }
    if (restored.rows !== facts.rows)
      problems.push(`${table}: ${restored.rows} rows, the backup had ${facts.rows}`);
    for (const [column, sum] of Object.entries(facts.sums))
      if (restored.sums[column] !== sum)
        problems.push(`${table}.${column}: sums to ${restored.sums[column]}, the backup had ${sum}`);
  }
  return problems;
}

/**
 * Restores an archive of createBackup into the database and storage `config` names, which must be
 * empty unless `force` (then what they hold is replaced: PGlite's old folder is kept aside as
 * `db.replaced-<time>`), then checks every table's rows and money sums and every file's hash
 * against the manifest. No server may run on the target meanwhile.
 */
export async function restoreBackup(
  config: BackupConfig,
  archive: string,
  options: { force: boolean },
): Promise<RestoreResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'sherehe-restore-'));
  try {
    await extractTar(archive, work);
    if (!existsSync(path.join(work, MANIFEST)))
      throw new RestoreRefused(`${archive} has no ${MANIFEST}: not a Sherehe backup`);
    const manifest = await readManifest(path.join(work, MANIFEST));
    const targetKind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database.kind !== targetKind)
      throw new RestoreRefused(
        manifest.database.kind === 'pglite'
          ? 'this backup is of an embedded PGlite database: restore it without DATABASE_URL'
          : 'this backup is of a PostgreSQL database: restore it with DATABASE_URL set',
      );
    const badKey = manifest.files.find((file) => !isStoredFileKey(file.key));
    if (badKey) throw new RestoreRefused(`the manifest names a file the app does not store: ${badKey.key}`);

    const dbDir = path.join(config.dataDir, 'db');
    if (!config.databaseUrl && (await backupServerAnswers(config.dataDir)))
      throw new RestoreRefused(`a server is running on ${config.dataDir}: stop it first`);
    if (!config.databaseUrl) {
      try {
        assertPgliteFree(dbDir);
      } catch (error) {
        throw new RestoreRefused((error as Error).message);
      }
    }
    const stored = storedFilesOf(config);
    const existing = await stored.list();
    const occupied = [
      await databaseContents(config, dbDir),
      existing.length > 0 ? `${stored.where} holds ${existing.length} stored files` : undefined,
    ].filter(Boolean);
    if (occupied.length > 0 && !options.force)
      throw new RestoreRefused(
        `refusing to restore over existing data (${occupied.join('; ')}): restore into an empty database and storage, or add --force to replace what is there`,
      );

    const dump = path.join(work, manifest.database.file);
    let found: DatabaseFacts;
    if (config.databaseUrl) {
      const url = config.databaseUrl;
      if (occupied.length > 0)
        await withPostgres(url, (client) =>
          client.query(
            'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
          ),
        );
      const target = postgresTarget(url);
      await run(
        postgresProgram('pg_restore'),
        ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.dbname}`, dump],
        target.env,
      );
      found = await withPostgres(url, (client) => readFacts(async (text) => (await client.query(text)).rows));
    } else {
      if (existsSync(dbDir))
        await rename(dbDir, `${dbDir}.replaced-${new Date().toISOString().replace(/:/g, '-')}`);
      await mkdir(path.dirname(dbDir), { recursive: true });
      found = await withPgliteCopy(await readFile(dump), dbDir, (client) => readFacts(pgliteQuery(client)));
    }
    const problems = compareFacts(manifest.database, found);

    for (const key of existing) await stored.remove(key);
    for (const file of manifest.files)
      await stored.write(file.key, await readFile(path.join(work, 'files', file.key)));
    for (const file of manifest.files) {
      const body = await stored.read(file.key).catch(() => undefined);
      if (!body) problems.push(`file ${file.key} is missing after the restore`);
      else if (sha256(body) !== file.sha256) problems.push(`file ${file.key} differs from the backup's`);
    }
    return {
      manifest,
      checked: { tables: Object.keys(manifest.database.tables).length, files: manifest.files.length },
      problems,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
