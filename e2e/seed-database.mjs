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
/** A planner whose earnings are payable (e2e/seeded-earnings.json, which the specs read too). */
const seededEarnings = JSON.parse(readFileSync(new URL('./seeded-earnings.json', import.meta.url), 'utf8'));

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

/**
 * After the server has seeded the demo data (and stopped): a planner of their own with a booking
 * completed weeks ago whose M-Pesa deposit was paid, so its earnings are payable today. No API call
 * can make one: a booking's day cannot lie in the past. The planner signs in with the demo password
 * (the hash is copied from a demo account); the client is a demo client.
 */
export async function seedPayableEarnings({ dataDir }) {
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  const { planner, payment } = seededEarnings;
  try {
    await client.transaction(async (tx) => {
      const demo = await tx.query('select id, password_hash from users where email = $1', [
        seededEarnings.client,
      ]);
      const demoClient = demo.rows[0];
      if (!demoClient) throw new Error(`no demo client ${seededEarnings.client}: was the demo data seeded?`);
      const inserted = await tx.query(
        `insert into users (username, email, password_hash, role) values ($1, $2, $3, 'planner') returning id`,
        [planner.username, planner.email, demoClient.password_hash],
      );
      const plannerId = inserted.rows[0].id;
      const eventDay = `(now() at time zone 'Africa/Nairobi')::date - $5::int`;
      const booking = await tx.query(
        `insert into bookings (package_title, client_id, planner_id, event_date, status, price, deposit_percent, message)
         values ($1, $2, $3, ${eventDay}, 'completed', $4, 30, 'Seeded for the payouts test.') returning id`,
        [seededEarnings.packageTitle, demoClient.id, plannerId, 25000, seededEarnings.daysAgo],
      );
      const bookingId = booking.rows[0].id;
      const paid = await tx.query(
        `insert into payments (booking_id, user_id, purpose, method, amount, fee, status, provider_ref, receipt, phone, completed_at)
         values ($1, $2, 'deposit', 'mpesa', $3, $4, 'succeeded', $5, $6, '254712345678', now() - interval '60 days')
         returning id`,
        [bookingId, demoClient.id, payment.amount, payment.fee, `ws_CO_${payment.receipt}`, payment.receipt],
      );
      const paymentId = paid.rows[0].id;
      await tx.query(
        `insert into ledger_entries (kind, planner_id, booking_id, payment_id, amount, created_at)
         values ('payment', $1, $2, $3, $4, now() - interval '60 days'), ('fee', $1, $2, $3, $5, now() - interval '60 days')`,
        [plannerId, bookingId, paymentId, payment.amount, -payment.fee],
      );
    });
  } finally {
    await client.close();
  }
}
