// Backups that restore (docs/operations.md#backups): a seeded database with money and files is
// backed up, restored into a fresh database and a fresh data folder, and found again row for row,
// sum for sum and byte for byte. On PGlite by default, on PostgreSQL under scripts/with-postgres.sh.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackupConfig, createBackup, pruneBackups } from '../src/backup/backup';
import { BACKUP_JOB, backupJob, nextBackupTime, scheduleNightlyBackup } from '../src/backup/backup-job';
import { backupServerAnswers, requestBackup, serveBackups } from '../src/backup/backup-socket';
import { type DatabaseFacts, pgliteQuery, readFacts } from '../src/backup/database-dump';
import { RestoreRefused, restoreBackup } from '../src/backup/restore';
import { storedFilesOf } from '../src/backup/stored-files';
import { type Config, loadConfig } from '../src/config';
import { attachments as attachmentRows, chatMessages, type JobRow, refunds } from '../src/db/schema';
import { seedDemo } from '../src/db/seed';
import { settleRefund } from '../src/modules/ledger/refunds.service';
import { settlePayment } from '../src/modules/payments/payments.service';
import { serverRoot } from '../src/paths';
import { createTestApp, type TestContext } from './build-app';
import { createBookingOf, createPaymentRow, createUser } from './factories';
import { startLocalS3 } from './s3';

const exec = promisify(execFile);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: TestContext;
/** The source app's settings as `npm run backup` would read them (DATABASE_URL on PostgreSQL). */
let source: BackupConfig;
let work: string;
let archive: string;
const databases: string[] = [];

/** An empty PostgreSQL database (on PGlite: none, the restore creates DATA_DIR/db). */
async function emptyDatabase(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const name = `sherehe_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A fresh target: an empty data folder and, on PostgreSQL, an empty database. */
async function freshTarget(env: Record<string, string> = {}): Promise<Config> {
  const dataDir = await mkdtemp(path.join(work, 'target-'));
  const databaseUrl = await emptyDatabase();
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...env,
  });
}

/** The target holds what the source held: every table's rows and money sums, every file's bytes. */
async function expectSameAsSource(target: Config) {
  expect((await factsOf(target)).tables).toEqual(sourceFacts.tables);
  const files = await filesOf(target);
  expect([...files.keys()]).toEqual([...sourceFiles.keys()]);
  for (const [key, body] of sourceFiles) expect(files.get(key)?.equals(body), key).toBe(true);
}

/** The facts of the database `config` names, read fresh. */
async function factsOf(config: BackupConfig): Promise<DatabaseFacts> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      return await readFacts(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteExtensions } = await import('../src/db/client');
  const client = await PGlite.create({
    dataDir: path.join(config.dataDir, 'db'),
    extensions: pgliteExtensions,
  });
  try {
    return await readFacts(pgliteQuery(client));
  } finally {
    await client.close();
  }
}

/** Every stored file's bytes, by key. */
async function filesOf(config: BackupConfig): Promise<Map<string, Buffer>> {
  const stored = storedFilesOf(config);
  const files = new Map<string, Buffer>();
  for (const key of await stored.list()) files.set(key, await stored.read(key));
  return files;
}

let sourceFacts: DatabaseFacts;
let sourceFiles: Map<string, Buffer>;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sherehe-backup-test-'));
  t = await createTestApp();
  await t.app.jobs.stop();
  const db = t.database.db;
  const deps = t.app.paymentDeps;
  // Users, packages and their images from the demo seed; then bookings, payments (settled, so the
  // ledger has its rows), a refund, chat messages and a chat file.
  await seedDemo({ db, storage: t.app.storage });
  const planner = await createUser(db, { role: 'planner', planId: 'pro' });
  const client = await createUser(db, { role: 'client' });
  const { booking, pkg } = await createBookingOf(db, client, planner, { status: 'accepted', price: 12_345 });
  const paid = [];
  for (const [purpose, amount] of [
    ['deposit', 3_700],
    ['balance', 8_645],
  ] as const) {
    const row = await createPaymentRow(db, { bookingId: booking.id, userId: client.id, purpose, amount });
    await settlePayment(deps, row.id, {
      status: 'succeeded',
      receipt: `BK${row.id.slice(0, 8).toUpperCase()}`,
    });
    paid.push(row);
  }
  const [refund] = await db
    .insert(refunds)
    .values({ paymentId: paid[1]!.id, bookingId: booking.id, amount: 8_645, rule: 'client_7_to_29_days' })
    .returning();
  await settleRefund(deps, refund!.id, { status: 'succeeded', providerRef: 'RFND0001' });
  const [message] = await db
    .insert(chatMessages)
    .values({
      bookingId: booking.id,
      senderId: client.id,
      receiverId: planner.id,
      content: 'Karibu! The plan is attached.',
    })
    .returning();
  const key = await t.app.attachmentStore.put({ body: PDF });
  await db.insert(attachmentRows).values({
    bookingId: booking.id,
    uploaderId: client.id,
    messageId: message!.id,
    name: 'plan.pdf',
    type: 'application/pdf',
    size: PDF.length,
    storageKey: key,
  });
  await t.app.storage.putShareImage(`${pkg.id}-${'0123456789abcdef'}`, Buffer.from('a share picture'));

  source = {
    ...t.config,
    databaseUrl: (t.database as { url?: string }).url,
    backup: { ...t.config.backup, dir: path.join(work, 'backups') },
  };
  sourceFacts = await readFacts(
    t.database.pglite
      ? pgliteQuery(t.database.pglite)
      : (text) => t.database.rows<Record<string, unknown>>(sql.raw(text)),
  );
  sourceFiles = await filesOf(source);
  archive = (await createBackup(source, t.database.pglite)).file;
}, 120_000);

afterAll(async () => {
  await t?.close();
  const url = process.env.TEST_DATABASE_URL;
  if (url && databases.length > 0) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of databases)
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
  if (work) await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('seeds every kind of row and file the test promises', () => {
    for (const table of [
      'users',
      'packages',
      'package_images',
      'bookings',
      'payments',
      'refunds',
      'ledger_entries',
      'chat_messages',
      'attachments',
    ])
      expect(sourceFacts.tables[table]?.rows, table).toBeGreaterThan(0);
    expect(sourceFacts.tables.payments?.sums.amount_cents).toBe(String((3_700 + 8_645) * 100));
    expect(sourceFacts.tables.refunds?.sums.amount_cents).toBe(String(8_645 * 100));
    expect(Number(sourceFacts.tables.ledger_entries?.sums.amount_cents)).not.toBe(0);
    const keys = [...sourceFiles.keys()];
    expect(keys.some((key) => key.startsWith('images/'))).toBe(true);
    expect(keys.some((key) => key.startsWith('share/'))).toBe(true);
    expect(keys.some((key) => key.startsWith('attachments/'))).toBe(true);
  });

  it('writes one archive named by its UTC time in BACKUP_DIR', async () => {
    expect(await readdir(source.backup.dir)).toEqual([path.basename(archive)]);
    expect(path.basename(archive)).toMatch(/^sherehe-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.tar\.gz$/);
    // Any tar reads it: the manifest, the dump and the files.
    const { stdout } = await exec('tar', ['-tzf', archive]);
    const names = stdout.trim().split('\n');
    expect(names).toContain('manifest.json');
    expect(names).toContain(onPostgres ? 'database.pgdump' : 'database.pglite.tar.gz');
    for (const key of sourceFiles.keys()) expect(names).toContain(`files/${key}`);
  });

  it('restores into an empty database and storage: every table, row count, money sum and file again', async () => {
    const target = await freshTarget();
    const result = await restoreBackup(target, archive, { force: false });
    expect(result.problems).toEqual([]);
    expect(result.checked.files).toBe(sourceFiles.size);
    expect(result.manifest.database.tables).toEqual(sourceFacts.tables);
    const restored = await factsOf(target);
    expect(restored.migrations).toEqual(sourceFacts.migrations);
    expect(restored.migrations.applied).toBeGreaterThan(20);
    await expectSameAsSource(target);
  }, 120_000);

  it('refuses a database or storage that is not empty, and replaces them with --force', async () => {
    const target = await freshTarget();
    await restoreBackup(target, archive, { force: false });
    // Changed after the restore: a file more, one file less.
    const stored = storedFilesOf(target);
    const extra = `attachments/${'a'.repeat(8)}-aaaa-4aaa-8aaa-${'a'.repeat(12)}`;
    await stored.write(extra, Buffer.from('not in the backup'));
    const [firstImage] = [...sourceFiles.keys()].filter((key) => key.startsWith('images/'));
    await stored.remove(firstImage!);

    await expect(restoreBackup(target, archive, { force: false })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(target, archive, { force: false })).rejects.toThrow(
      /refusing to restore over existing data .*add --force/,
    );

    const forced = await restoreBackup(target, archive, { force: true });
    expect(forced.problems).toEqual([]);
    await expectSameAsSource(target);
  }, 120_000);

  it('npm run restore refuses a non-empty target with a message and an exit code other than 0', async () => {
    const dataDir = await mkdtemp(path.join(work, 'cli-'));
    await writeFile(path.join(dataDir, 'placeholder'), '');
    await mkdir(path.join(dataDir, 'uploads', 'images'), { recursive: true });
    await writeFile(
      path.join(dataDir, 'uploads', 'images', `${'b'.repeat(8)}-bbbb-4bbb-8bbb-${'b'.repeat(12)}.webp`),
      'x',
    );
    const databaseUrl = await emptyDatabase();
    const run = exec(
      process.execPath,
      ['--import', 'tsx', path.join(serverRoot, 'src', 'backup', 'cli.ts'), 'restore', archive],
      { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' } },
    );
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/refusing to restore over existing data .*holds 1 stored files.*--force/);
  }, 60_000);

  it('restores the files of a disk into a bucket, and backs the bucket up again', async () => {
    const s3 = await startLocalS3('sherehe-restored');
    try {
      const target = await freshTarget(s3.env);
      const restored = await restoreBackup(target, archive, { force: false });
      expect(restored.problems).toEqual([]);
      expect(await readdir(target.dataDir)).not.toContain('uploads');
      await expectSameAsSource(target);
      // A second target's storage is the same bucket: not empty.
      await expect(restoreBackup(await freshTarget(s3.env), archive, { force: false })).rejects.toThrow(
        /bucket sherehe-restored holds \d+ stored files/,
      );
      const again = await createBackup({
        ...target,
        backup: { ...target.backup, dir: path.join(work, 'from-bucket') },
      });
      expect(again.manifest.files).toEqual(
        [...sourceFiles.entries()].map(([key, body]) => expect.objectContaining({ key, size: body.length })),
      );
      expect(again.manifest.database.tables).toEqual(sourceFacts.tables);
    } finally {
      await s3.close();
    }
  }, 120_000);

  it('refuses an archive of the other kind of database', async () => {
    const other = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: await mkdtemp(path.join(work, 'other-')),
      ...(!onPostgres && { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' }),
    });
    await expect(restoreBackup(other, archive, { force: false })).rejects.toThrow(
      onPostgres ? /backup is of a PostgreSQL database/ : /backup is of an embedded PGlite database/,
    );
  });
});

describe('npm run backup on a running PGlite server', () => {
  it('asks the server through DATA_DIR/backup.sock, which answers only while it listens', async () => {
    const dataDir = await mkdtemp(path.join(work, 'socket-'));
    expect(await requestBackup(dataDir)).toBeUndefined();
    const made = path.join(dataDir, 'made-by-the-server.tar.gz');
    const listening = await serveBackups(dataDir, async () => made);
    try {
      expect(await backupServerAnswers(dataDir)).toBe(true);
      expect(await requestBackup(dataDir)).toBe(made);
    } finally {
      await listening.close();
    }
    expect(await backupServerAnswers(dataDir)).toBe(false);
    const failing = await serveBackups(dataDir, async () => {
      throw new Error('disk full');
    });
    try {
      await expect(requestBackup(dataDir)).rejects.toThrow(/could not take the backup: disk full/);
    } finally {
      await failing.close();
    }
  });

  it('never opens a PGlite folder another process has open (its postmaster.pid is there)', async () => {
    const dataDir = await mkdtemp(path.join(work, 'in-use-'));
    await mkdir(path.join(dataDir, 'db'));
    await writeFile(path.join(dataDir, 'db', 'postmaster.pid'), '-42\n');
    const inUse = /db is open in a running server that did not answer on DATA_DIR\/backup.sock/;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    await expect(createBackup(config)).rejects.toThrow(inUse);
    expect(await readdir(config.backup.dir)).toEqual([]);
    if (!onPostgres) await expect(restoreBackup(config, archive, { force: true })).rejects.toThrow(inUse);
  });
});

describe('the nightly backup', () => {
  it('runs at BACKUP_TIME, UTC: later today, or tomorrow once it has passed', () => {
    const at = (iso: string) => new Date(iso);
    expect(nextBackupTime(at('2026-03-10T00:10:00Z'), 30)).toEqual(at('2026-03-10T00:30:00Z'));
    expect(nextBackupTime(at('2026-03-10T00:30:00Z'), 30)).toEqual(at('2026-03-11T00:30:00Z'));
    expect(nextBackupTime(at('2025-12-31T23:59:00Z'), 30)).toEqual(at('2026-01-01T00:30:00Z'));
  });

  it('is added once a night, however many processes start', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const first = await scheduleNightlyBackup(t.app.jobs, t.database.db, { minuteOfDay: 30 }, now);
    expect(first).toBeDefined();
    expect(await scheduleNightlyBackup(t.app.jobs, t.database.db, { minuteOfDay: 30 }, now)).toBeUndefined();
    const rows = await t.database.rows<{ run_at: Date | string }>(
      sql.raw(`select run_at from jobs where unique_key = '${BACKUP_JOB}:2026-03-11T00:30:00.000Z'`),
    );
    expect(rows.map((row) => new Date(row.run_at).toISOString())).toEqual(['2026-03-11T00:30:00.000Z']);
    await t.database.rows(sql.raw(`delete from jobs where kind = '${BACKUP_JOB}'`));
  });

  it('keeps the newest BACKUP_KEEP archives, leaving other files alone', async () => {
    const dir = await mkdtemp(path.join(work, 'prune-'));
    const names = [
      'sherehe-2026-01-01T00-30-00.000Z.tar.gz',
      'sherehe-2026-01-02T00-30-00.000Z.tar.gz',
      'sherehe-2026-01-03T00-30-00.000Z.tar.gz',
      'sherehe-2026-01-04T00-30-00.000Z.tar.gz',
    ];
    for (const name of [...names, 'notes.txt', 'sherehe-2026-01-05T00-30-00.000Z.tar.gz.part'])
      await writeFile(path.join(dir, name), '');
    expect(await pruneBackups(dir, 2)).toEqual(names.slice(0, 2).map((name) => path.join(dir, name)));
    expect((await readdir(dir)).sort()).toEqual(
      [...names.slice(2), 'notes.txt', 'sherehe-2026-01-05T00-30-00.000Z.tar.gz.part'].sort(),
    );
    expect(await pruneBackups(dir, 2)).toEqual([]);
  });

  it('the job writes an archive, keeps the last BACKUP_KEEP and adds the next night’s job', async () => {
    const dir = path.join(work, 'nightly');
    await mkdir(dir, { recursive: true });
    const old = ['sherehe-2020-01-01T00-30-00.000Z.tar.gz', 'sherehe-2020-01-02T00-30-00.000Z.tar.gz'];
    for (const name of old) await writeFile(path.join(dir, name), '');
    const config = { ...source, backup: { dir, keep: 2, nightly: true, minuteOfDay: 30 } } as Config;
    const handler = backupJob({ config, database: t.database, jobs: t.app.jobs, log: t.app.log });
    await handler.run({}, {} as JobRow);
    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(old[1]);
    expect(names[1]).toMatch(/^sherehe-\d{4}-.*Z\.tar\.gz$/);
    const next = await t.database.rows<{ run_at: Date | string; unique_key: string }>(
      sql.raw(`select run_at, unique_key from jobs where kind = '${BACKUP_JOB}' and status = 'pending'`),
    );
    expect(next).toHaveLength(1);
    const runAt = new Date(next[0]!.run_at);
    expect(runAt.getUTCHours() * 60 + runAt.getUTCMinutes()).toBe(30);
    expect(runAt.getTime()).toBeGreaterThan(Date.now());
    expect(runAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(next[0]!.unique_key).toBe(`${BACKUP_JOB}:${runAt.toISOString()}`);
  }, 120_000);
});
