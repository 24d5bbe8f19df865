import { MESSAGES } from '@sherehe/shared/messages';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findPlan } from '../plans/plans.queries';
import { findUserWithPlan, setUserPlan } from './users.queries';

/** PATCH /api/user/plan: no payment yet, so any plan may be chosen (DESIGN.md §5). */
export async function changePlan({ db, userId, planId }: { db: Db; userId: string; planId: string }) {
  return db.transaction(async (tx) => {
    const current = await findUserWithPlan(tx, userId);
    if (!current) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.notLoggedIn);
    const plan = await findPlan(tx, planId);
    if (!plan) throw new AppError('NOT_FOUND', MESSAGES.plans.notFound);
    if (current.user.planId === plan.id) throw new AppError('VALIDATION', MESSAGES.plans.alreadyOnPlan);
    await setUserPlan(tx, userId, plan.id);
    return { user: { ...current.user, planId: plan.id }, plan };
  });
}
