import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { type JobRow, jobs } from '../db/schema';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** One job per purpose: a second job with the same key is not added (the first one stands). */
  uniqueKey?: string;
  /** Not before this moment (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job in the caller's transaction, so it exists exactly when the change that needs it does.
 * Returns the job's id, or undefined when a job with the same unique key already exists.
 */
export async function insertJob(db: Queryable, job: NewJob): Promise<string | undefined> {
  const [row] = await db
    .insert(jobs)
    .values(jobValues(job))
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return row?.id;
}

/** Adds several jobs in one statement; those whose unique key already exists are not added. */
export async function insertJobs(db: Queryable, list: NewJob[]): Promise<void> {
  if (list.length === 0) return;
  await db.insert(jobs).values(list.map(jobValues)).onConflictDoNothing({ target: jobs.uniqueKey });
}

/** A new job's row: the table's defaults for what the job leaves out. */
function jobValues(job: NewJob) {
  return {
    kind: job.kind,
    payload: job.payload ?? {},
    uniqueKey: job.uniqueKey,
    ...(job.runAt && { runAt: job.runAt }),
    ...(job.maxAttempts !== undefined && { maxAttempts: job.maxAttempts }),
  };
}

/**
 * Makes the waiting job with this unique key due now (what it was waiting for has happened).
 * A job already running, done or failed is left alone.
 */
export async function makeJobDue(db: Queryable, uniqueKey: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.uniqueKey, uniqueKey), eq(jobs.status, 'pending'), sql`${jobs.runAt} > now()`));
}

/**
 * Takes up to `limit` due jobs for this process: pending ones whose time has come, and running ones
 * whose lease ran out (their process died), of the kinds this process knows (during a rolling
 * deploy an older process leaves a new kind to the newer ones). SKIP LOCKED lets every process claim at once without
 * two taking the same job; the lease marks it as taken once this statement commits.
 */
export async function claimDueJobs(
  db: Queryable,
  kinds: string[],
  limit: number,
  leaseMs: number,
): Promise<JobRow[]> {
  const rows = await db.execute(sql`
    with due as (
      select id from ${jobs}
      where ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now()))
        and kind in ${kinds}
      order by run_at
      limit ${limit}
      for update skip locked
    )
    update ${jobs} as j
    set status = 'running', attempts = j.attempts + 1,
        locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    from due where j.id = due.id
    returning j.id`);
  const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids));
}

/** Takes one given job if nobody has yet (the caller wants its outcome now). */
export async function claimJob(db: Queryable, id: string, leaseMs: number): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'pending')))
    .returning();
  return row;
}

export async function findJob(db: Queryable, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Done: the payload is replaced by what is worth keeping (a mail's body may hold a secret link). */
export async function completeJob(db: Queryable, id: string, keptPayload: Record<string, unknown>) {
  await db
    .update(jobs)
    .set({
      status: 'done',
      payload: keptPayload,
      lockedUntil: null,
      lastError: null,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, id));
}

/** Failed once: back to pending at `retryAt`, or failed for good (kept for admins) with no retry left. */
export async function failJob(db: Queryable, id: string, error: string, retryAt: Date | undefined) {
  await db
    .update(jobs)
    .set(
      retryAt
        ? { status: 'pending', runAt: retryAt, lockedUntil: null, lastError: error, updatedAt: sql`now()` }
        : { status: 'failed', lockedUntil: null, lastError: error, updatedAt: sql`now()` },
    )
    .where(eq(jobs.id, id));
}

/** Jobs by status, the latest change first (admins). */
export async function listJobs(
  db: Queryable,
  filter: { status?: JobRow['status'] | undefined },
  page: { limit: number; offset: number },
) {
  const where = filter.status ? eq(jobs.status, filter.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.updatedAt), desc(jobs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A failed job runs again from its first attempt (admins). Undefined when it is not failed. */
export async function retryFailedJob(db: Queryable, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, lastError: null, runAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row;
}

/** Finished jobs are kept a while (what was sent, when), then removed. */
export async function deleteOldDoneJobs(db: Queryable, olderThanMs: number) {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, 'done'),
        lt(jobs.completedAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`),
      ),
    );
}
