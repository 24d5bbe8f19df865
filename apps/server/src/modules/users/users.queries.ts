import { CONSENT_KINDS, CURRENT_CONSENT_VERSIONS } from '@sherehe/shared/legal';
import type { Role } from '@sherehe/shared/roles';
import { and, asc, count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { containing } from '../../db/patterns';
import { consents, plans, users } from '../../db/schema';

/** A user with the plan they are on: read where the plan's columns are kept, by the plans module. */
export { findPlanHolder as findUserWithPlan } from '../plans';

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ user: users, plan: plans })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function insertUser(db: Queryable, values: typeof users.$inferInsert) {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function findUser(db: Queryable, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function lockUser(db: Queryable, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  return row;
}

export async function updateUser(db: Queryable, userId: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export interface UserFilters {
  role?: Role | undefined;
  /** Part of the name or email, any case. */
  q?: string | undefined;
}

function userConditions(filters: UserFilters) {
  // A deleted account is kept (anonymised) only for the money records that name it.
  const list = [isNull(users.deletedAt)];
  if (filters.role) list.push(eq(users.role, filters.role));
  if (filters.q) {
    const pattern = containing(filters.q);
    list.push(or(ilike(users.username, pattern), ilike(users.email, pattern))!);
  }
  return and(...list);
}

export function listUsers(db: Queryable, filters: UserFilters, page: { limit: number; offset: number }) {
  return db
    .select({ user: users, plan: plans })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(userConditions(filters))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countUsers(db: Queryable, filters: UserFilters) {
  const [row] = await db.select({ n: count() }).from(users).where(userConditions(filters));
  return row?.n ?? 0;
}

/**
 * A user's role as it is now, with their row share-locked until the transaction ends. A role
 * change locks the row for update, so a request that uses a right of the role and a change of that
 * role run one after the other: the request either finishes before the change, or waits for it
 * and sees the new role.
 */
export async function lockCurrentRole(db: Queryable, userId: string) {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for('share');
  return row?.role;
}

/**
 * A user's role and name with their plan's limits. With `lock`, inside a transaction, the user's
 * row stays locked until it ends: a use case that counts against a limit (bookings this month,
 * packages) takes this lock first, so parallel requests of one user count one after the other and
 * none slips past the limit; a role or plan change waits for them, or they wait for it.
 */
export async function findUserPlanLimits(db: Queryable, userId: string, { lock }: { lock: boolean }) {
  const query = db
    .select({
      role: users.role,
      username: users.username,
      maxBookingsPerMonth: plans.maxBookingsPerMonth,
      maxPackages: plans.maxPackages,
    })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row;
}

/** The ids of every admin, locked, always in the same order (so two lockers never deadlock). */
export async function lockAdminIds(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** In the registration's transaction: the current terms and privacy versions, accepted now. */
export async function insertSignUpConsents(db: Queryable, userId: string) {
  await db
    .insert(consents)
    .values(CONSENT_KINDS.map((kind) => ({ userId, kind, version: CURRENT_CONSENT_VERSIONS[kind] })));
}

/** What a user agreed to, oldest first. */
export function listConsents(db: Queryable, userId: string) {
  return db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.acceptedAt), asc(consents.kind));
}
