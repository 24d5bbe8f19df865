import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-app';
import { createTestDatabase } from '../../../test/db';
import { createUser, type TestUser } from '../../../test/factories';
import { buildApp } from '../../app';
import { jobs, users } from '../../db/schema';
import { planExpiryKey, planReminderKey, schedulePlanPeriod } from './plan-periods.service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let app: FastifyInstance;

/** The app on the shared database: a restart is closing one and building another. */
const build = (options: { jobWorker?: boolean } = {}) =>
  buildApp({
    config: testConfig(dataDir),
    database,
    ...options,
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-test-'));
  database = await createTestDatabase();
  app = await build();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const userRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;
const jobRow = async (key: string) =>
  (await database.db.select().from(jobs).where(eq(jobs.uniqueKey, key)))[0];

/** A user on a paid plan whose period ends at `until`, with its end and reminder queued as a payment queues them. */
async function onPeriod(queueApp: FastifyInstance, planId: string, until: Date): Promise<TestUser> {
  const user = await createUser(database.db, { planId });
  await database.db.transaction(async (tx) => {
    await tx.update(users).set({ planUntil: until }).where(eq(users.id, user.id));
    await schedulePlanPeriod(tx, queueApp.jobs, { userId: user.id, planId, until });
  });
  return user;
}

describe('the end of a paid period (plan-expiry job)', () => {
  it('falls back to Free when the end comes, once', async () => {
    const until = new Date(Date.now() - 60_000);
    const user = await onPeriod(app, 'pro', until);
    await app.jobs.drain();
    expect(await userRow(user.id)).toMatchObject({ planId: 'free', planUntil: null });
    expect((await jobRow(planExpiryKey(user.id, until)))?.status).toBe('done');
  });

  it('leaves a renewed or changed period alone', async () => {
    const past = new Date(Date.now() - 60_000);
    const renewed = new Date(Date.now() + 30 * 86_400_000);
    const user = await onPeriod(app, 'basic', past);
    // Renewed before the job ran: the period now ends later.
    await database.db.update(users).set({ planUntil: renewed }).where(eq(users.id, user.id));
    await app.jobs.drain();
    expect(await userRow(user.id)).toMatchObject({ planId: 'basic', planUntil: renewed });
    expect((await jobRow(planExpiryKey(user.id, past)))?.status).toBe('done');
  });

  it('an end brought forward before its time changes nothing yet', async () => {
    const until = new Date(Date.now() + 86_400_000);
    const user = await onPeriod(app, 'pro', until);
    await app.jobs.dueNow(database.db, planExpiryKey(user.id, until));
    await app.jobs.drain();
    expect(await userRow(user.id)).toMatchObject({ planId: 'pro' });
    expect((await jobRow(planExpiryKey(user.id, until)))?.status).toBe('pending');
  });

  it('across restarts: an end that came while the server was down is applied by the next one, exactly once', async () => {
    // The first server queues the end and stops before running it.
    const first = await build({ jobWorker: false });
    const until = new Date(Date.now() - 1000);
    const user = await onPeriod(first, 'enterprise', until);
    await first.close();
    expect((await jobRow(planExpiryKey(user.id, until)))?.status).toBe('pending');

    // The next one runs it.
    const second = await build();
    await second.jobs.drain();
    expect(await userRow(user.id)).toMatchObject({ planId: 'free', planUntil: null });
    // The user is put on Pro again (no end) afterwards.
    await database.db.update(users).set({ planId: 'pro' }).where(eq(users.id, user.id));
    await second.close();

    // A third start does not run the old end again.
    const third = await build();
    await third.jobs.drain();
    await third.close();
    expect(await userRow(user.id)).toMatchObject({ planId: 'pro', planUntil: null });
    const job = await jobRow(planExpiryKey(user.id, until));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('PATCH /api/user/:id/plan (admins)', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(database.db, { role: 'admin' });
  });
  const setPlan = (id: string, payload: Record<string, unknown>, headers = admin.headers) =>
    app.inject({ method: 'PATCH', url: `/api/user/${id}/plan`, headers, payload });

  it('sets a paid plan until a moment, queueing its end and reminder, and answers the user with planUntil', async () => {
    const user = await createUser(database.db);
    const until = new Date(Date.now() + 10 * 86_400_000);
    until.setMilliseconds(0);
    const response = await setPlan(user.id, { planId: 'pro', until: until.toISOString() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: `${user.username} is now on the Pro plan.`,
      user: { _id: user.id, plan: { _id: 'pro' }, planUntil: until.toISOString() },
    });
    expect((await jobRow(planExpiryKey(user.id, until)))?.runAt.getTime()).toBe(until.getTime());
    expect(await jobRow(planReminderKey(user.id, until))).toBeDefined();
    // The list of users shows it too.
    const list = await app.inject({
      url: `/api/user?q=${encodeURIComponent(user.email)}`,
      headers: admin.headers,
    });
    expect(list.json().users[0]).toMatchObject({ planUntil: until.toISOString() });
  });

  it('without until a paid plan has no end; Free clears the end', async () => {
    const user = await createUser(database.db, { planId: 'basic' });
    await database.db
      .update(users)
      .set({ planUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, user.id));
    const forever = await setPlan(user.id, { planId: 'enterprise' });
    expect(forever.json().user).toMatchObject({ plan: { _id: 'enterprise' }, planUntil: null });
    const free = await setPlan(user.id, {
      planId: 'free',
      until: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(free.json().user).toMatchObject({ plan: { _id: 'free' }, planUntil: null });
  });

  it('refuses an end in the past, a malformed one, an unknown plan or user, and anyone but an admin', async () => {
    const user = await createUser(database.db);
    const past = await setPlan(user.id, {
      planId: 'pro',
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'The end of the period must be in the future.' });
    expect((await setPlan(user.id, { planId: 'pro', until: 'next week' })).statusCode).toBe(400);
    expect((await setPlan(user.id, { planId: 'platinum' })).statusCode).toBe(404);
    expect((await setPlan('7c9e6679-7425-40de-944b-e07fc1f90ae7', { planId: 'pro' })).statusCode).toBe(404);
    const planner = await createUser(database.db, { role: 'planner' });
    expect((await setPlan(user.id, { planId: 'pro' }, planner.headers)).statusCode).toBe(403);
    expect((await setPlan(planner.id, { planId: 'pro' }, planner.headers)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/user/${user.id}/plan`, payload: { planId: 'pro' } }))
        .statusCode,
    ).toBe(401);
    expect(await userRow(user.id)).toMatchObject({ planId: 'free', planUntil: null });
  });
});
