import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

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
