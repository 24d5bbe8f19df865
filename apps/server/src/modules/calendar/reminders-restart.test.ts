import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createTestDatabase } from '../../../test/db';
import { createPackage, createUser } from '../../../test/factories';
import { startSmtpServer } from '../../../test/smtp';
import { buildApp } from '../../app';
import { jobs } from '../../db/schema';
import { scheduleAcceptedReminders } from './reminders.service';

/**
 * Reminders survive a restart and none comes twice: one server schedules them and stops; a new
 * server on the same database (PGlite here, PostgreSQL with TEST_DATABASE_URL) runs them; running
 * them again, or scheduling them again, sends nothing more. Mails are counted as a real SMTP server
 * receives them.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;
let app: FastifyInstance | undefined;

async function startApp(): Promise<FastifyInstance> {
  const config = testConfig(dataDir, { SMTP_URL: smtp.url });
  return buildApp({ config, database });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-reminders-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  await app?.close();
  await database.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const REMINDER = /^(Reminder: |Deposit due|Balance due soon)/;
const remindersTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && REMINDER.test(mail.subject)).length;

/** Makes every pending reminder due now. */
async function makeRemindersDue() {
  await database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(jobs.kind, 'booking-reminder'), eq(jobs.status, 'pending')));
}

describe('reminders across a restart', () => {
  it('are scheduled by one server, sent by the next, and never twice', async () => {
    app = await startApp();
    const planner = await createUser(database.db, { role: 'planner' });
    const client = await createUser(database.db, { role: 'client', planId: 'enterprise' });
    const pkg = await createPackage(database.db, { plannerId: planner.id, price: 20_000 });
    const day = nairobiDayFromToday(30);
    const created = await app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: client.headers,
      payload: { package: pkg.id, planner: planner.id, date: day },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().booking._id as string;
    const accepted = await app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      headers: planner.headers,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    // Scheduling again (a retried request, a second process) adds nothing: one job per purpose.
    await database.db.transaction((tx) => scheduleAcceptedReminders(app!.jobs, tx, { id, eventDate: day }));
    const scheduled = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, 'booking-reminder'), sql`${jobs.payload}->>'bookingId' = ${id}`));
    expect(scheduled[0]?.n).toBe(5);
    await app.close();
    app = undefined;

    // A new server on the same database runs them.
    app = await startApp();
    await makeRemindersDue();
    await app.jobs.drain();
    // The client: the event 7 days and 1 day before, the deposit and the balance; the planner: the event twice.
    expect(remindersTo(client.email)).toBe(4);
    expect(remindersTo(planner.email)).toBe(2);

    // A server that died after queueing the mails but before recording the reminders as done
    // would run them again: the mails are not queued twice.
    await database.db
      .update(jobs)
      .set({ status: 'pending', runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, 'booking-reminder'), sql`${jobs.payload}->>'bookingId' = ${id}`));
    await app.close();
    app = await startApp();
    await app.jobs.drain();
    expect(remindersTo(client.email)).toBe(4);
    expect(remindersTo(planner.email)).toBe(2);
  });
});
