import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { categories, packages, plans, users } from '../../db/schema';

export const packageColumns = {
  package: packages,
  category: { id: categories.id, name: categories.name },
  planner: { id: users.id, username: users.username, email: users.email },
};

export type PackageWithRelations = {
  package: typeof packages.$inferSelect;
  category: { id: string; name: string };
  planner: { id: string; username: string; email: string };
};

export type PackageOrder = 'newest' | 'featured';

function orderBy(order: PackageOrder): SQL[] {
  const newest = [desc(packages.createdAt), desc(packages.id)];
  // Planners whose plan includes a featured listing come first (DESIGN.md §5).
  return order === 'featured' ? [desc(plans.featuredListing), ...newest] : newest;
}

export async function listPackages(
  db: Queryable,
  options: { order: PackageOrder; limit: number; offset: number },
): Promise<PackageWithRelations[]> {
  const query = db
    .select(packageColumns)
    .from(packages)
    .innerJoin(categories, eq(categories.id, packages.categoryId))
    .innerJoin(users, eq(users.id, packages.plannerId));
  const joined = options.order === 'featured' ? query.innerJoin(plans, eq(plans.id, users.planId)) : query;
  return joined
    .orderBy(...orderBy(options.order))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countPackages(db: Queryable): Promise<number> {
  const [row] = await db.select({ total: count() }).from(packages);
  return row?.total ?? 0;
}
