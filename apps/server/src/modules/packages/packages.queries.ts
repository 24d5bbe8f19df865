import type { Lang } from '@sherehe/shared/i18n';
import { count, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { categories, packages, users } from '../../db/schema';

export const packageColumns = {
  package: packages,
  category: { id: categories.id, name: categories.name, nameSw: categories.nameSw },
  /** Their locale: the language of the mails they are sent. */
  planner: { id: users.id, username: users.username, email: users.email, locale: users.locale },
};

export type PackageRowWithRelations = {
  package: typeof packages.$inferSelect;
  category: { id: string; name: string; nameSw: string };
  planner: { id: string; username: string; email: string; locale: Lang };
};

export function findPackageQuery(db: Queryable, id: string | Placeholder) {
  return db
    .select(packageColumns)
    .from(packages)
    .innerJoin(categories, eq(categories.id, packages.categoryId))
    .innerJoin(users, eq(users.id, packages.plannerId))
    .where(eq(packages.id, id))
    .limit(1);
}

export async function findPackage(db: Queryable, id: string): Promise<PackageRowWithRelations | undefined> {
  const [row] = await prepared(db, 'find_package', (on, name) =>
    findPackageQuery(on, sql.placeholder('id')).prepare(name),
  ).execute({ id });
  return row;
}

/** The package row alone, locked until the transaction ends (updates and deletes). */
export async function lockPackage(db: Queryable, id: string) {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1).for('update');
  return row;
}

/**
 * Whether a package is still listed, share-locked until the transaction ends: a role change that
 * takes it out of the catalogue (its update of the package) waits for the booking being made, or
 * the booking waits for it and sees the package unlisted.
 */
export async function lockPackageForBooking(db: Queryable, id: string) {
  const [row] = await db
    .select({
      listed: packages.listed,
      depositPercent: packages.depositPercent,
      cancellationPolicy: packages.cancellationPolicy,
    })
    .from(packages)
    .where(eq(packages.id, id))
    .limit(1)
    .for('share');
  return row;
}

export async function countPlannerPackages(db: Queryable, plannerId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(packages).where(eq(packages.plannerId, plannerId));
  return row?.total ?? 0;
}

export async function insertPackage(db: Queryable, values: typeof packages.$inferInsert) {
  const [row] = await db.insert(packages).values(values).returning({ id: packages.id });
  return row!;
}

export async function updatePackage(
  db: Queryable,
  id: string,
  values: Partial<typeof packages.$inferInsert>,
) {
  await db
    .update(packages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(packages.id, id));
}

export async function deletePackage(db: Queryable, id: string) {
  await db.delete(packages).where(eq(packages.id, id));
}
