// Rows the browser tests need that no API call can make: a job fails for good only after hours of
// retries. They go straight into the test server's database before the server opens it, because
// PGlite serves one process at a time and this is the only moment another one may write.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** The failed jobs (e2e/seeded-jobs.json, which the specs read too). */
const seededJobs = JSON.parse(readFileSync(new URL('./seeded-jobs.json', import.meta.url), 'utf8'));

/**
 * Migrates a new database in `<dataDir>/db` (where the server looks for it, with the same
 * migrations, so the server finds nothing left to do) and adds the seeded rows. The server still
 * seeds the demo data: it does so whenever there are no users yet.
 */
export async function seedDatabase({ dataDir, migrationsFolder }) {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    for (const job of Object.values(seededJobs)) {
      const changed = `now() - make_interval(mins => $6)`;
      await client.query(
        `insert into jobs (kind, payload, status, attempts, max_attempts, last_error, run_at, created_at, updated_at)
         values ($1, $2::jsonb, 'failed', $3, $4, $5, ${changed}, ${changed} - interval '9 hours', ${changed})`,
        [job.kind, JSON.stringify(job.payload), job.attempts, job.maxAttempts, job.lastError, job.minutesAgo],
      );
    }
  } finally {
    await client.close();
  }
}
