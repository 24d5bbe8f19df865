import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { pgliteExtensions } from '../db/client';
import { serverRoot } from '../paths';
import { assertPgliteFree, type DatabaseFacts, dumpPglite, dumpPostgres } from './database-dump';
import { storedFilesOf } from './stored-files';
import { TarWriter } from './tar';

/** What an archive holds, written into it as manifest.json (docs/operations.md#backups). */
export interface Manifest {
  format: 'sherehe-backup';
  version: 1;
  createdAt: string;
  app: { version: string; node: string };
  database: DatabaseFacts & {
    kind: 'pglite' | 'postgres';
    /** The dump's name in the archive: pg_dump's custom format, or PGlite's data folder as a tarball. */
    file: typeof POSTGRES_DUMP | typeof PGLITE_DUMP;
  };
  /** Every stored object (`images/…`, `share/…`, `attachments/…`), under `files/` in the archive. */
  files: Array<{ key: string; size: number; sha256: string }>;
}

export const MANIFEST = 'manifest.json';
export const POSTGRES_DUMP = 'database.pgdump';
export const PGLITE_DUMP = 'database.pglite.tar.gz';
/** Archives are named by their UTC time, so their names sort as their times do. */
const ARCHIVE_NAME = /^sherehe-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.tar\.gz$/;

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'objectStorage' | 'backup'>;

export function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * Writes one archive of the database and every stored file into BACKUP_DIR and returns its path.
 * `pglite` is the running server's own PGlite (the server takes its backups itself: a second process
 * must not open its data folder); without it, and without DATABASE_URL, DATA_DIR/db is opened here,
 * which only a caller that knows no server runs may do (cli.ts).
 */
export async function createBackup(
  config: BackupConfig,
  pglite?: PGlite,
): Promise<{ file: string; manifest: Manifest }> {
  const dir = config.backup.dir;
  await mkdir(dir, { recursive: true });
  const createdAt = new Date();
  const name = `sherehe-${createdAt.toISOString().replace(/:/g, '-')}.tar.gz`;
  const file = path.join(dir, name);
  const work = await mkdtemp(path.join(dir, '.work-'));
  const partial = `${file}.part`;
  try {
    // The database first: a file uploaded later is archived without a row naming it (harmless),
    // never a row without its file, unless the file is deleted in between.
    let database: Manifest['database'];
    const dumpFile = path.join(work, 'dump');
    if (config.databaseUrl) {
      const facts = await dumpPostgres(config.databaseUrl, dumpFile);
      database = { kind: 'postgres', file: POSTGRES_DUMP, ...facts };
    } else {
      const dbDir = path.join(config.dataDir, 'db');
      if (!pglite) assertPgliteFree(dbDir);
      const client = pglite ?? (await PGlite.create({ dataDir: dbDir, extensions: pgliteExtensions }));
      try {
        const { dump, facts } = await dumpPglite(client);
        await writeFile(dumpFile, dump);
        database = { kind: 'pglite', file: PGLITE_DUMP, ...facts };
      } finally {
        if (!pglite) await client.close();
      }
    }
    const tar = new TarWriter(partial);
    await tar.addFile(database.file, dumpFile);
    const stored = storedFilesOf(config);
    const files: Manifest['files'] = [];
    for (const key of await stored.list()) {
      const body = await stored.read(key).catch((error: unknown) => {
        // Deleted since it was listed: nothing to keep.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || /is not in the bucket/.test(String(error)))
          return undefined;
        throw error;
      });
      if (!body) continue;
      await tar.add(`files/${key}`, body);
      files.push({ key, size: body.length, sha256: sha256(body) });
    }
    const manifest: Manifest = {
      format: 'sherehe-backup',
      version: 1,
      createdAt: createdAt.toISOString(),
      app: { version: appVersion(), node: process.version },
      database,
      files,
    };
    await tar.add(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    await rename(partial, file);
    return { file, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Removes all but the newest `keep` archives of `dir`; returns the paths removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep)).map((name) => path.join(dir, name));
  for (const file of old) await rm(file, { force: true });
  return old;
}

export async function readManifest(file: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== 'sherehe-backup' || manifest.version !== 1)
    throw new Error('not a Sherehe backup (manifest.json is missing its format)');
  return manifest;
}
