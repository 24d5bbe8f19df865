import { eq, like } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { injectAs, useStarted, useTestApp } from '../../test/build-app';
import { nairobiDayFromToday } from '../../test/dates';
import { createPackage, createUser } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { openPostgres } from '../db/client';
import { jobs } from '../db/schema';
import { JobFailedForGood, JobQueue } from './job-queue';
import { insertJob } from './jobs.queries';

const smtp = useStarted(startSmtpServer);
// Retries a few milliseconds apart, so a test sees many of them.
const t = useTestApp(() => ({
  SMTP_URL: smtp.url,
  JOBS_RETRY_BASE_MS: '20',
  JOBS_RETRY_MAX_MS: '40',
  JOBS_POLL_MS: '50',
}));

async function book(clientHeaders: Record<string, string>, pkg: { id: string; plannerId: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: clientHeaders,
    payload: {
      package: pkg.id,
      planner: pkg.plannerId,
      date: nairobiDayFromToday(30),
      message: 'Our wedding',
    },
  });
}

async function jobRows(to: string) {
  const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
  return rows.filter((row) => row.payload.to === to);
}

describe('mail through the job queue', () => {
  it('keeps a mail while the SMTP server refuses it and delivers it once it accepts, exactly once', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db);
    const pkg = await createPackage(t.database.db, { plannerId: planner.id });
    smtp.refuse(true);
    const refusedBefore = smtp.refused;
    const response = await book(client.headers, pkg);
    expect(response.statusCode).toBe(201);
    await smtp.waitForRefusals(refusedBefore + 3);
    const [waiting] = await jobRows(planner.email);
    expect(waiting?.status).toMatch(/pending|running/);
    expect(waiting?.lastError).toMatch(/421|unavailable/i);

    smtp.refuse(false);
    const mail = await smtp.waitFor(planner.email, /New booking request/);
    expect(mail.raw).toContain('Our wedding');
    await t.app.jobs.drain();
    expect(smtp.received.filter((m) => m.to.includes(planner.email))).toHaveLength(1);
    const [done] = await jobRows(planner.email);
    expect(done?.status).toBe('done');
    expect(done?.attempts).toBeGreaterThanOrEqual(4);
    // The body (which for a reset holds a secret link) is not kept once sent.
    expect(done?.payload).toEqual({ to: planner.email, subject: mail.subject });
  });

  it('keeps a mail that never goes through as failed, shows it to admins only, and sends it on retry', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db);
    const pkg = await createPackage(t.database.db, { plannerId: planner.id });
    smtp.refuse(true);
    expect((await book(client.headers, pkg)).statusCode).toBe(201);
    // 15 tries, each 20-40 ms after the last.
    const deadline = Date.now() + 20_000;
    let failed = (await jobRows(planner.email))[0];
    while (failed?.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      failed = (await jobRows(planner.email))[0];
    }
    expect(failed).toMatchObject({ status: 'failed', attempts: 15, maxAttempts: 15 });

    const list = await injectAs(t, admin, 'GET', '/api/admin/jobs?status=failed');
    expect(list.statusCode).toBe(200);
    const shown = list.json().jobs.find((job: { _id: string }) => job._id === failed?.id);
    expect(shown).toMatchObject({
      kind: 'mail',
      status: 'failed',
      attempts: 15,
      summary: `New booking request: ${pkg.title}, to ${planner.email}`,
    });
    expect(shown.lastError).toMatch(/421|unavailable/i);
    // Never the body of the message.
    expect(JSON.stringify(list.json())).not.toContain('Our wedding');

    for (const [headers, status] of [
      [{}, 401],
      [client.headers, 403],
      [planner.headers, 403],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers })).statusCode).toBe(
        status,
      );
      const retry = await t.app.inject({
        method: 'POST',
        url: `/api/admin/jobs/${failed?.id}/retry`,
        headers,
      });
      expect(retry.statusCode).toBe(status);
    }
    expect((await jobRows(planner.email))[0]?.status).toBe('failed');

    smtp.refuse(false);
    const retried = await injectAs(t, admin, 'POST', `/api/admin/jobs/${failed?.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ success: true, message: 'The job will run again shortly.' });
    await smtp.waitFor(planner.email, /New booking request/);
    await t.app.jobs.drain();
    expect((await jobRows(planner.email))[0]?.status).toBe('done');

    const again = await injectAs(t, admin, 'POST', `/api/admin/jobs/${failed?.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed job can be retried.');
    const missing = await injectAs(
      t,
      admin,
      'POST',
      '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('adds a mail with the change that needs it: a refused booking queues nothing', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db, { planId: 'enterprise' });
    const pkg = await createPackage(t.database.db, { plannerId: planner.id });
    expect((await book(client.headers, pkg)).statusCode).toBe(201);
    // The same package again while the first booking is open: refused, and no second mail.
    expect((await book(client.headers, pkg)).statusCode).toBe(409);
    await t.app.jobs.drain();
    expect(await jobRows(planner.email)).toHaveLength(1);
  });
});

describe('the queue itself', () => {
  it('adds one job per unique key', async () => {
    const first = await insertJob(t.database.db, { kind: 'mail', uniqueKey: 'reminder:b1:7d' });
    const second = await insertJob(t.database.db, { kind: 'mail', uniqueKey: 'reminder:b1:7d' });
    expect(first).toBeTypeOf('string');
    expect(second).toBeUndefined();
    expect(await t.database.db.select().from(jobs).where(eq(jobs.uniqueKey, 'reminder:b1:7d'))).toHaveLength(
      1,
    );
  });

  it('adds the jobs of one turn of the event loop in one statement, one per unique key', async () => {
    const db = t.database.db;
    const insert = vi.spyOn(db, 'insert');
    const later = new Date(Date.now() + 86_400_000);
    try {
      await Promise.all(
        ['soon:1', 'soon:2', 'soon:3', 'soon:1'].map((uniqueKey) =>
          t.app.jobs.addSoon(db, { kind: 'mail', uniqueKey, runAt: later }),
        ),
      );
      expect(insert).toHaveBeenCalledTimes(1);
    } finally {
      insert.mockRestore();
    }
    const rows = await db.select().from(jobs).where(like(jobs.uniqueKey, 'soon:%'));
    expect(rows.map((row) => row.uniqueKey).sort()).toEqual(['soon:1', 'soon:2', 'soon:3']);
    expect(rows.every((row) => row.status === 'pending' && row.runAt.getTime() === later.getTime())).toBe(
      true,
    );
    // A kind with no handler is refused there and then, as `add` refuses it.
    expect(() => t.app.jobs.addSoon(db, { kind: 'no-such-kind' })).toThrow(/no handler/);
  });

  it('adds the jobs of a gathered transaction in one statement at its end, and none when it rolls back', async () => {
    const db = t.database.db;
    const later = new Date(Date.now() + 86_400_000);
    const keyed = (prefix: string) =>
      db
        .select()
        .from(jobs)
        .where(like(jobs.uniqueKey, `${prefix}:%`));
    let seenInside: number | undefined;
    let insertsInside: number | undefined;
    await t.app.jobs.transaction(db, async (tx) => {
      const insert = vi.spyOn(tx, 'insert');
      try {
        for (const uniqueKey of ['gathered:1', 'gathered:2', 'gathered:1', 'gathered:3'])
          expect(await t.app.jobs.add(tx, { kind: 'mail', uniqueKey, runAt: later })).toBeUndefined();
        seenInside = (await tx.select().from(jobs).where(like(jobs.uniqueKey, 'gathered:%'))).length;
        insertsInside = insert.mock.calls.length;
      } finally {
        insert.mockRestore();
      }
    });
    // Held back while the transaction ran, then one statement for all of them, one per unique key.
    expect(seenInside).toBe(0);
    expect(insertsInside).toBe(0);
    expect((await keyed('gathered')).map((row) => row.uniqueKey).sort()).toEqual([
      'gathered:1',
      'gathered:2',
      'gathered:3',
    ]);

    // A transaction that fails adds none of its jobs.
    await expect(
      t.app.jobs.transaction(db, async (tx) => {
        await t.app.jobs.add(tx, { kind: 'mail', uniqueKey: 'rolled-back:1', runAt: later });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await keyed('rolled-back')).toHaveLength(0);

    // A job added a moment before is found by `dueNow` in the same transaction.
    await t.app.jobs.transaction(db, async (tx) => {
      await t.app.jobs.add(tx, { kind: 'mail', uniqueKey: 'due:1', runAt: later });
      await t.app.jobs.dueNow(tx, 'due:1');
    });
    const [due] = await keyed('due');
    expect(due?.runAt.getTime()).toBeLessThan(later.getTime());
  });

  it('keeps a job failed at once when its handler says trying again cannot help, and retries any other error', async () => {
    const queue = new JobQueue({
      db: t.database.db,
      log: t.app.log,
      pollMs: 20,
      retryBaseMs: 10,
      retryMaxMs: 20,
      leaseMs: 1_000,
      concurrency: 1,
    });
    const tries = new Map<string, number>();
    queue.register<{ final: boolean }>('refused', {
      maxAttempts: 5,
      async run({ final }, job) {
        tries.set(job.id, (tries.get(job.id) ?? 0) + 1);
        throw final ? new JobFailedForGood('refused for good') : new Error('down for now');
      },
    });
    const forGood = await queue.add(t.database.db, { kind: 'refused', payload: { final: true } });
    const forNow = await queue.add(t.database.db, { kind: 'refused', payload: { final: false } });
    queue.start();
    try {
      for (let wait = 0; wait < 100 && (tries.get(forNow!) ?? 0) < 5; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 30));
      await queue.drain();
    } finally {
      await queue.stop();
    }
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'refused'));
    expect(rows.find((row) => row.id === forGood)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'refused for good',
    });
    expect(tries.get(forGood!)).toBe(1);
    expect(rows.find((row) => row.id === forNow)).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('runs every job once with two workers claiming at the same time, and takes back a dead worker’s job', async () => {
    const url = (t.database as { url?: string }).url;
    // A second process's connection on PostgreSQL; PGlite has one connection, shared.
    const other = url ? await openPostgres(url, 3) : t.database;
    const runs = new Map<string, number>();
    const make = (db: typeof t.database.db) => {
      const queue = new JobQueue({
        db,
        log: t.app.log,
        pollMs: 20,
        retryBaseMs: 20,
        retryMaxMs: 40,
        leaseMs: 1_000,
        concurrency: 3,
      });
      queue.register<{ n: number }>('count', {
        async run({ n }) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          runs.set(String(n), (runs.get(String(n)) ?? 0) + 1);
        },
      });
      return queue;
    };
    const a = make(t.database.db);
    const b = make(other.db);
    try {
      for (let n = 0; n < 60; n += 1) await a.add(t.database.db, { kind: 'count', payload: { n } });
      // A job whose worker died mid-run: still "running", its lease over.
      const dead = await insertJob(t.database.db, { kind: 'count', payload: { n: 60 } });
      await t.database.db
        .update(jobs)
        .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, dead!));
      a.start();
      b.start();
      await Promise.all([a.drain(), b.drain()]);
      expect(runs.size).toBe(61);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      const left = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'count'));
      expect(left.every((row) => row.status === 'done')).toBe(true);
      expect(left.find((row) => row.id === dead)?.attempts).toBe(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      if (other !== t.database) await other.close();
    }
  });
});
