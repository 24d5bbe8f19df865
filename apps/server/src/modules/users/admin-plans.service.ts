import { MESSAGES } from '@sherehe/shared/messages';
import { DEFAULT_PLAN_ID } from '@sherehe/shared/plans';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { type AuditContext, recordAudit } from '../audit';
import { findPlan, schedulePlanPeriod, setUserPlanPeriod } from '../plans';
import { findUserWithPlan, lockUser } from './users.queries';

/**
 * PATCH /api/user/:id/plan (admins): puts anyone on a plan, without payment. A paid plan runs until
 * `until` (a moment in the future; it falls back to Free then, with the reminder three days before,
 * as a bought period) or, without `until`, has no end. Free has no end: `until` is ignored.
 * Setting the same plan again changes only its end.
 */
export async function setPlanByAdmin({
  db,
  jobs,
  userId,
  planId,
  until,
  audit,
}: {
  db: Db;
  jobs: JobQueue;
  audit: AuditContext;
  userId: string;
  planId: string;
  until: string | undefined;
}) {
  const end = until === undefined ? null : new Date(until);
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, planId);
    if (!plan) throw new AppError('NOT_FOUND', MESSAGES.plans.notFound);
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', MESSAGES.users.notFound);
    const isFree = plan.id === DEFAULT_PLAN_ID;
    if (!isFree && end && end.getTime() <= Date.now()) {
      throw new AppError('VALIDATION', MESSAGES.planPayments.untilInPast, {
        errors: [{ path: 'until', message: MESSAGES.planPayments.untilInPast }],
      });
    }
    const planUntil = isFree ? null : end;
    await setUserPlanPeriod(tx, userId, { planId: plan.id, planUntil });
    await recordAudit(tx, audit, {
      action: 'plan.set',
      subjectType: 'user',
      subjectId: userId,
      summary: {
        before: { planId: user.planId, planUntil: user.planUntil?.toISOString() ?? null },
        after: { planId: plan.id, planUntil: planUntil?.toISOString() ?? null },
      },
    });
    if (planUntil) await schedulePlanPeriod(tx, jobs, { userId, planId: plan.id, until: planUntil });
  });
  jobs.wake();
  const updated = await findUserWithPlan(db, userId);
  if (!updated) throw new AppError('NOT_FOUND', MESSAGES.users.notFound);
  return updated;
}
