import type { FastifyBaseLogger } from 'fastify';
import type { BackupSettings, Config } from '../config';
import type { Database, Queryable } from '../db/client';
import type { JobHandler, JobQueue } from '../jobs/job-queue';
import { createBackup, pruneBackups } from './backup';

/** The nightly backup (docs/operations.md#backups): one job a night, each adding the next. */
export const BACKUP_JOB = 'backup';

/** The next time of day `minuteOfDay` (UTC) after `now`. */
export function nextBackupTime(now: Date, minuteOfDay: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const today = midnight + minuteOfDay * 60_000;
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}

/** Adds the next night's backup, once (its unique key is its time), unless one is already waiting. */
export function scheduleNightlyBackup(
  jobs: JobQueue,
  db: Queryable,
  settings: Pick<BackupSettings, 'minuteOfDay'>,
  now = new Date(),
): Promise<string | undefined> {
  const runAt = nextBackupTime(now, settings.minuteOfDay);
  return jobs.add(db, {
    kind: BACKUP_JOB,
    payload: {},
    uniqueKey: `${BACKUP_JOB}:${runAt.toISOString()}`,
    runAt,
  });
}

/**
 * Takes a backup in this process (which has the database open: a PGlite one can be copied only here),
 * keeps the newest BACKUP_KEEP archives, and adds the next night's job.
 */
export function backupJob(deps: {
  config: Config;
  database: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}): JobHandler<Record<string, never>> {
  return {
    async run() {
      const { config, database, jobs, log } = deps;
      const { file, manifest } = await createBackup(config, database.pglite);
      const removed = await pruneBackups(config.backup.dir, config.backup.keep);
      log.info({ file, files: manifest.files.length, removed: removed.length }, 'backup: archive written');
      if (config.backup.nightly) await scheduleNightlyBackup(jobs, database.db, config.backup);
    },
    maxAttempts: 3,
  };
}
