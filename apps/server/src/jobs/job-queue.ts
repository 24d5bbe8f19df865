import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../db/client';
import type { JobRow } from '../db/schema';
import {
  claimDueJobs,
  claimJob,
  completeJob,
  deleteOldDoneJobs,
  failJob,
  findJob,
  insertJob,
  insertJobs,
  makeJobDue,
  type NewJob,
} from './jobs.queries';

export interface JobHandler<P = Record<string, unknown>> {
  /** Does the work; throws to have the job tried again later. Must be safe to run twice. */
  run(payload: P, job: JobRow): Promise<void>;
  /** What of the payload stays on the row once the job is done (default: all of it). */
  keep?(payload: P): Record<string, unknown>;
  /** Tries before the job is kept as failed (default: the queue's). */
  maxAttempts?: number;
}

/**
 * Thrown by a handler when trying again cannot help (a provider refused the request as it was): the
 * job is kept as failed at once, where admins see it and may start it over, instead of being retried.
 */
export class JobFailedForGood extends Error {}

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often each process looks for due jobs when nothing woke it. */
  pollMs: number;
  /** The first retry's delay; each further one doubles it, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed job is this process's; after that another process may take it. */
  leaseMs: number;
  /** Jobs run at once by this process. */
  concurrency: number;
}

/** How long finished jobs stay visible. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * The durable job queue: jobs are rows (jobs.queries.ts), added in the transaction that makes them
 * necessary; every server process runs this worker, which claims due jobs, runs their handler,
 * and records the outcome: done, tried again after a growing delay, or failed for good where admins
 * see it. Nothing is kept in memory that a restart would lose.
 */
export class JobQueue {
  readonly #handlers = new Map<string, JobHandler<never>>();
  readonly #running = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #polling: Promise<void> | undefined;
  /** The jobs `addSoon` gathers in this turn of the event loop, and the statement they wait for. */
  #soon: { db: Queryable; list: NewJob[]; done: Promise<void> } | undefined;
  /** The jobs `gatherIn` holds back per open transaction, added together at its end. */
  readonly #gathering = new WeakMap<Queryable, NewJob[]>();
  #again = false;
  #lastCleanup = 0;

  constructor(readonly options: JobQueueOptions) {}

  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.#handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.#handlers.set(kind, handler as JobHandler<never>);
  }

  /** The kinds registered so far, in the order they were. */
  kinds(): string[] {
    return [...this.#handlers.keys()];
  }

  /**
   * Adds a job in `db` (pass the open transaction); call `wake()` once it has committed. Answers its
   * id, undefined when a job with its unique key already exists, or inside `gatherIn` (the row is
   * written at the end).
   */
  add(db: Queryable, job: NewJob): Promise<string | undefined> {
    const maxAttempts = this.#checked(job);
    const checked = { ...job, ...(maxAttempts !== undefined && { maxAttempts }) };
    const gathered = this.#gathering.get(db);
    if (gathered) {
      gathered.push(checked);
      return Promise.resolve(undefined);
    }
    return insertJob(db, checked);
  }

  /**
   * Runs `run` with the jobs added in `tx` meanwhile held back, then adds them all in one statement,
   * still in `tx` (docs/architecture.md#background-work): a booking request's mail and reminder,
   * an acceptance's notices and reminders, one round trip instead of one each. Nothing is added if
   * `run` throws (its transaction rolls back anyway). Call it inside the transaction.
   */
  async gatherIn<T>(tx: Queryable, run: () => Promise<T>): Promise<T> {
    if (this.#gathering.has(tx)) return run();
    const list: NewJob[] = [];
    this.#gathering.set(tx, list);
    let result: T;
    try {
      result = await run();
    } finally {
      this.#gathering.delete(tx);
    }
    await insertJobs(tx, list);
    return result;
  }

  /** The job's tries (its own, else its kind's); throws for a kind with no handler. */
  #checked(job: NewJob): number | undefined {
    if (!this.#handlers.has(job.kind)) throw new Error(`no handler for job kind ${job.kind}`);
    return job.maxAttempts ?? this.#handlers.get(job.kind)?.maxAttempts;
  }

  /**
   * Adds a job outside any transaction, together with the others added so in the same turn of the
   * event loop: one statement for them all (a chat at 1,000 messages a second adds a job for each
   * first message of a booking and hour). Resolves once the statement has run.
   */
  addSoon(db: Queryable, job: NewJob): Promise<void> {
    const maxAttempts = this.#checked(job);
    let batch = this.#soon;
    if (!batch || batch.db !== db) {
      const list: NewJob[] = [];
      const gathering = {
        db,
        list,
        done: new Promise<void>((resolve, reject) => {
          setImmediate(() => {
            if (this.#soon === gathering) this.#soon = undefined;
            insertJobs(db, list).then(resolve, reject);
          });
        }),
      };
      batch = gathering;
      this.#soon = batch;
    }
    batch.list.push({ ...job, ...(maxAttempts !== undefined && { maxAttempts }) });
    return batch.done;
  }

  /** `db.transaction(run)` with the jobs it adds gathered into one statement at its end (`gatherIn`). */
  transaction<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction((tx) => this.gatherIn(tx, () => run(tx)));
  }

  /** Brings a waiting job (by its unique key) forward to now, in `db`; `wake()` after the commit runs it. */
  async dueNow(db: Queryable, uniqueKey: string): Promise<void> {
    // A job held back by `gatherIn` is written first, so that it can be found.
    const gathered = this.#gathering.get(db);
    if (gathered && gathered.length > 0) await insertJobs(db, gathered.splice(0));
    await makeJobDue(db, uniqueKey);
  }

  /** Looks for due jobs now (after a commit that added one) instead of at the next poll. */
  wake(): void {
    if (this.#started) void this.#poll();
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Stops claiming and waits for the jobs in hand; a job cut short is taken again after its lease. */
  async stop(): Promise<void> {
    this.#started = false;
    clearTimeout(this.#timer);
    await this.#polling;
    await Promise.all([...this.#running]);
  }

  /** Runs every job that is due now, and those they add, until none is left (tests, scripts). */
  async drain(): Promise<void> {
    for (;;) {
      await this.#polling;
      await Promise.all([...this.#running]);
      const claimed = await this.#claim();
      // The worker's own look may have taken a due job while this one found none: wait for it too.
      if (claimed === 0 && this.#running.size === 0 && this.#polling === undefined) return;
      await Promise.all([...this.#running]);
    }
  }

  /**
   * Runs one job now, in this request, and reports how it ended: for a caller that must tell the
   * person the outcome (a test email). A job already taken by a worker is waited for instead.
   */
  async runNow(id: string, waitMs: number): Promise<JobRow | undefined> {
    const claimed = await claimJob(this.options.db, id, this.options.leaseMs);
    if (claimed) await this.#run(claimed);
    const deadline = Date.now() + waitMs;
    for (;;) {
      const job = await findJob(this.options.db, id);
      if (!job || job.status === 'done' || job.status === 'failed') return job;
      if (job.status === 'pending' && job.attempts > 0) return job;
      if (Date.now() > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  #schedule(ms: number) {
    clearTimeout(this.#timer);
    if (!this.#started) return;
    this.#timer = setTimeout(() => void this.#poll(), ms);
    this.#timer.unref();
  }

  /** One look for due jobs; a wake-up during a look asks for another right after it. */
  #poll(): Promise<void> {
    if (this.#polling) {
      this.#again = true;
      return this.#polling;
    }
    this.#polling = (async () => {
      try {
        do {
          this.#again = false;
          await this.#claim();
          await this.#cleanup();
        } while (this.#again && this.#started);
      } catch (error) {
        // The database may be down for a moment: look again at the next poll.
        this.options.log.warn({ err: error }, 'job queue: could not look for due jobs');
      } finally {
        this.#polling = undefined;
        this.#schedule(this.options.pollMs);
      }
    })();
    return this.#polling;
  }

  async #claim(): Promise<number> {
    const free = this.options.concurrency - this.#running.size;
    if (free <= 0) return 0;
    const kinds = [...this.#handlers.keys()];
    if (kinds.length === 0) return 0;
    const claimed = await claimDueJobs(this.options.db, kinds, free, this.options.leaseMs);
    for (const job of claimed) {
      const running = this.#run(job).finally(() => {
        this.#running.delete(running);
        // A free slot: more may be waiting.
        if (this.#started) void this.#poll();
      });
      this.#running.add(running);
    }
    return claimed.length;
  }

  async #run(job: JobRow): Promise<void> {
    const { db, log } = this.options;
    const handler = this.#handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // Taken again after its lease ran out on its last try: the process running it died each time.
      if (job.attempts > job.maxAttempts) throw new Error('the process running this job stopped');
      await handler.run(job.payload as never, job);
      await completeJob(db, job.id, handler.keep ? handler.keep(job.payload as never) : job.payload);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        job.attempts < job.maxAttempts && !(error instanceof JobFailedForGood)
          ? new Date(Date.now() + this.#delay(job.attempts))
          : undefined;
      const context = { jobId: job.id, kind: job.kind, attempt: job.attempts, err: message };
      if (retryAt) log.warn({ ...context, retryAt }, 'job failed; it will be tried again');
      else log.error(context, 'job failed for good; admins see it under failed jobs');
      await failJob(db, job.id, message.slice(0, 2000), retryAt).catch((recordError: unknown) => {
        // Its lease runs out and another look takes it again.
        log.error({ jobId: job.id, err: recordError }, 'job queue: could not record a failure');
      });
    }
  }

  /** 1, 2, 4, 8… times the base delay, at most the maximum, with a little jitter. */
  #delay(attempts: number): number {
    const { retryBaseMs, retryMaxMs } = this.options;
    const exact = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(exact * (0.9 + Math.random() * 0.2));
  }

  async #cleanup() {
    if (Date.now() - this.#lastCleanup < CLEANUP_EVERY_MS) return;
    this.#lastCleanup = Date.now();
    await deleteOldDoneJobs(this.options.db, KEEP_DONE_MS);
  }
}
