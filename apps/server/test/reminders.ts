import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../src/db/schema';
import type { TestContext } from './build-app';

/** Makes a booking's pending reminders (those of `kinds`, else all) due now and runs the queue until nothing is left. */
export async function runDueReminders(t: TestContext, bookingId: string, kinds?: string[]) {
  await t.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(
      and(
        eq(jobs.kind, 'booking-reminder'),
        eq(jobs.status, 'pending'),
        sql`${jobs.payload}->>'bookingId' = ${bookingId}`,
        kinds ? sql`${jobs.payload}->>'kind' in ${kinds}` : undefined,
      ),
    );
  await t.app.jobs.drain();
}
