import type { PackageSort } from '@sherehe/shared/schemas/packages';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { categories, packages, users } from '../../db/schema';

export const packageColumns = {
  package: packages,
  category: { id: categories.id, name: categories.name },
  planner: { id: users.id, username: users.username, email: users.email },
};

export type PackageRowWithRelations = {
  package: typeof packages.$inferSelect;
  category: { id: string; name: string };
  planner: { id: string; username: string; email: string };
};

export interface PackageFilters {
  q?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  planner?: string | undefined;
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause of a search; each filter is served by an index (see schema.ts). */
export function filterConditions(filters: PackageFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) {
    conditions.push(
      sql`(${packages.title} || ' ' || ${packages.description}) ilike ${containing(filters.q)}`,
    );
  }
  if (filters.location) conditions.push(sql`${packages.location} ilike ${containing(filters.location)}`);
  if (filters.category) conditions.push(eq(packages.categoryId, filters.category));
  if (filters.planner) conditions.push(eq(packages.plannerId, filters.planner));
  if (filters.minPrice !== undefined) conditions.push(gte(packages.price, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(packages.price, filters.maxPrice));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderBy(sort: PackageSort): SQL[] {
  const newest = [desc(packages.createdAt), desc(packages.id)];
  switch (sort) {
    case 'price_asc':
      return [asc(packages.price), ...newest];
    case 'price_desc':
      return [desc(packages.price), ...newest];
    case 'rating':
      return [desc(packages.ratingAvg), desc(packages.ratingCount), ...newest];
    case 'featured':
      // Planners whose plan includes a featured listing come first (DESIGN.md §5), by the copy of
      // that flag on the package (schema.ts), so the order comes from an index.
      return [desc(packages.featured), ...newest];
    default:
      return newest;
  }
}

export interface ListOptions {
  filters: PackageFilters;
  sort: PackageSort;
  limit: number;
  offset: number;
}

export function listPackages(db: Queryable, options: ListOptions): Promise<PackageRowWithRelations[]> {
  return listPackagesQuery(db, options);
}

/** The query itself, also used by scripts/explain.ts to show its plan. */
export function listPackagesQuery(db: Queryable, options: ListOptions) {
  return db
    .select(packageColumns)
    .from(packages)
    .innerJoin(categories, eq(categories.id, packages.categoryId))
    .innerJoin(users, eq(users.id, packages.plannerId))
    .where(filterConditions(options.filters))
    .orderBy(...orderBy(options.sort))
    .limit(options.limit)
    .offset(options.offset);
}

export function countPackagesQuery(db: Queryable, filters: PackageFilters) {
  return db.select({ total: count() }).from(packages).where(filterConditions(filters));
}

export async function countPackages(db: Queryable, filters: PackageFilters): Promise<number> {
  const [row] = await countPackagesQuery(db, filters);
  return row?.total ?? 0;
}

export function findPackageQuery(db: Queryable, id: string) {
  return db
    .select(packageColumns)
    .from(packages)
    .innerJoin(categories, eq(categories.id, packages.categoryId))
    .innerJoin(users, eq(users.id, packages.plannerId))
    .where(eq(packages.id, id))
    .limit(1);
}

export async function findPackage(db: Queryable, id: string): Promise<PackageRowWithRelations | undefined> {
  const [row] = await findPackageQuery(db, id);
  return row;
}

/** The package row alone, locked until the transaction ends (updates and deletes). */
export async function lockPackage(db: Queryable, id: string) {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1).for('update');
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
