import { formatDate } from '@sherehe/shared/dates';
import { fromCents } from '@sherehe/shared/money';
import { PLAN_PERIOD_MS as PERIOD_MS, planChange } from '@sherehe/shared/plan-change';
import { DEFAULT_PLAN_ID } from '@sherehe/shared/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import type { JobHandler, JobQueue } from '../../jobs/job-queue';
import { isDeletedAddress } from '../../lib/deleted-accounts';
import { MAIL_ATTEMPTS } from '../../mail/mail-jobs';
import type { Mailer } from '../../mail/mailer';
import { planReminderMail } from '../../mail/templates';
import { findPlanHolder, lockPlanHolder, setUserPlanPeriod } from './plan-periods.queries';
import { findPlan } from './plans.queries';

/** A paid plan is bought for this long. */
export const PLAN_PERIOD_MS = PERIOD_MS;
/** The reminder mail goes this long before the end. */
export const PLAN_REMINDER_BEFORE_MS = 3 * 24 * 60 * 60 * 1000;
export const PLAN_EXPIRY_JOB = 'plan-expiry';
export const PLAN_REMINDER_JOB = 'plan-reminder';

/** One expiry and one reminder per user and period end: a period renewed or changed gets new ones. */
export const planExpiryKey = (userId: string, until: Date) =>
  `${PLAN_EXPIRY_JOB}:${userId}:${until.toISOString()}`;
export const planReminderKey = (userId: string, until: Date) =>
  `${PLAN_REMINDER_JOB}:${userId}:${until.toISOString()}`;

interface PeriodPayload {
  userId: string;
  planId: string;
  /** The period's end, ISO: the job acts only if the user's period still ends then. */
  until: string;
}

export interface PlanPeriodDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Queues the end of a period (falls back to Free at `until`) and its reminder (three days before, or at
 * once when less is left), in the transaction that set the period. Each is keyed by the period's end, so
 * setting the same period twice queues nothing more.
 */
export async function schedulePlanPeriod(
  tx: Queryable,
  jobs: JobQueue,
  period: { userId: string; planId: string; until: Date },
): Promise<void> {
  const payload: PeriodPayload = { ...period, until: period.until.toISOString() };
  await jobs.add(tx, {
    kind: PLAN_EXPIRY_JOB,
    payload: { ...payload },
    uniqueKey: planExpiryKey(period.userId, period.until),
    runAt: period.until,
  });
  const remindAt = Math.max(Date.now(), period.until.getTime() - PLAN_REMINDER_BEFORE_MS);
  await jobs.add(tx, {
    kind: PLAN_REMINDER_JOB,
    payload: { ...payload },
    uniqueKey: planReminderKey(period.userId, period.until),
    runAt: new Date(remindAt),
  });
}

/**
 * A paid plan's payment has succeeded (in settlePayment's transaction): the user is on that plan for 30
 * days more, by `planChange` (docs/product-rules.md#changing-plan): after the end of their running
 * period of the same plan; with the value left of another running paid plan converted into extra days
 * of this one; else from now. No paid time is lost.
 */
export async function applyPlanPayment(
  tx: Queryable,
  jobs: JobQueue,
  payment: { userId: string; planId: string | null },
  now = new Date(),
): Promise<void> {
  if (!payment.planId) return;
  const user = await lockPlanHolder(tx, payment.userId);
  if (!user) return;
  const [current, next] = await Promise.all([findPlan(tx, user.planId), findPlan(tx, payment.planId)]);
  if (!next) return;
  const change = planChange(
    { planId: user.planId, planUntil: user.planUntil, price: fromCents(current?.priceCents ?? 0) },
    { planId: next.id, price: fromCents(next.priceCents) },
    now.getTime(),
  );
  const until = new Date(change.untilMs);
  await setUserPlanPeriod(tx, user.id, { planId: payment.planId, planUntil: until });
  await schedulePlanPeriod(tx, jobs, { userId: user.id, planId: payment.planId, until });
}

/**
 * The expiry job: if the user's period still ends when this job was queued for, and that moment has
 * come, they fall back to Free. Under the user's row lock, so it happens once however often it runs;
 * a renewed or changed period (another end) is left alone.
 */
export async function expirePlanPeriod(deps: PlanPeriodDeps, payload: PeriodPayload): Promise<void> {
  const until = new Date(payload.until);
  const expired = await deps.db.transaction(async (tx) => {
    const user = await lockPlanHolder(tx, payload.userId);
    if (!user?.planUntil || user.planUntil.getTime() !== until.getTime()) return false;
    if (user.planUntil.getTime() > Date.now()) {
      // Brought forward (an admin ran it early): not yet; tried again later by the queue.
      throw new Error('plan period has not ended yet');
    }
    await setUserPlanPeriod(tx, user.id, { planId: DEFAULT_PLAN_ID, planUntil: null });
    return true;
  });
  if (expired) deps.log.info({ userId: payload.userId, planId: payload.planId }, 'plan period ended');
}

/** The reminder job: mails the user unless the period was renewed or changed meanwhile. */
export async function remindPlanPeriod(deps: PlanPeriodDeps, payload: PeriodPayload): Promise<void> {
  const found = await findPlanHolder(deps.db, payload.userId);
  if (!found?.user.planUntil || found.user.planUntil.toISOString() !== payload.until) return;
  if (found.user.planId !== payload.planId || isDeletedAddress(found.user.email)) return;
  await deps.mailer.send(
    planReminderMail({
      to: found.user.email,
      // Rendered when sent, in the language the user has then.
      lang: found.user.locale,
      name: found.user.username,
      plan: found.plan.name,
      endsOn: formatDate(payload.until, found.user.locale),
      url: `${deps.publicUrl}/pricing`,
    }),
  );
}

/** The job that ends a paid period (registered with the other kinds in jobs/job-kinds.ts). */
export function planExpiryJob(deps: PlanPeriodDeps): JobHandler<PeriodPayload> {
  return { maxAttempts: 50, run: (payload) => expirePlanPeriod(deps, payload) };
}

/** The job that reminds a payer that their paid period ends soon. */
export function planReminderJob(deps: PlanPeriodDeps): JobHandler<PeriodPayload> {
  return { maxAttempts: MAIL_ATTEMPTS, run: (payload) => remindPlanPeriod(deps, payload) };
}
