import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { plans, users } from '../../db/schema';

/** Puts a user on a plan until a moment (null: no end). */
export async function setUserPlanPeriod(
  db: Queryable,
  userId: string,
  values: { planId: string; planUntil: Date | null },
) {
  await db
    .update(users)
    .set({ planId: values.planId, planUntil: values.planUntil, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A user's row, locked while their plan changes (the plans module keeps the user's plan columns). */
export async function lockPlanHolder(db: Queryable, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  return row;
}

/** A user with the plan they are on, for the reminder of its end. */
export async function findPlanHolder(db: Queryable, userId: string) {
  const [row] = await db
    .select({ user: users, plan: plans })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
