import { and, asc, eq, gte, isNull, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { packages, users } from '../../db/schema';

/** One address of a sitemap: its id and when what it shows last changed. */
export interface SitemapEntry {
  id: string;
  updatedAt: Date;
}

const listedPackage = eq(packages.listed, true);
const publicPlanner = and(eq(users.role, 'planner'), isNull(users.deletedAt));

/**
 * The first id of every page of `size` ids (ids in order), read in one pass over the ids alone: each
 * page is then read from its first id on (keyset), however far in it is.
 */
async function pageStarts(db: Queryable, table: 'packages' | 'planners', size: number): Promise<string[]> {
  const source =
    table === 'packages'
      ? db
          .select({ id: packages.id, n: sql<number>`row_number() over (order by ${packages.id})`.as('n') })
          .from(packages)
          .where(listedPackage)
      : db
          .select({ id: users.id, n: sql<number>`row_number() over (order by ${users.id})`.as('n') })
          .from(users)
          .where(publicPlanner);
  const numbered = source.as('numbered');
  const rows = await db
    .select({ id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${size} = 0`)
    .orderBy(asc(numbered.id));
  return rows.map((row) => row.id);
}

export const packagePageStarts = (db: Queryable, size: number) => pageStarts(db, 'packages', size);
export const plannerPageStarts = (db: Queryable, size: number) => pageStarts(db, 'planners', size);

/** Listed packages from `from` on, in id order: only the id and the time of the last change. */
export function listedPackagesFrom(db: Queryable, from: string, size: number): Promise<SitemapEntry[]> {
  return db
    .select({ id: packages.id, updatedAt: packages.updatedAt })
    .from(packages)
    .where(and(listedPackage, gte(packages.id, from)))
    .orderBy(asc(packages.id))
    .limit(size);
}

/**
 * Planners from `from` on, in id order, each with their profile's last change: their own, or that of
 * a package of theirs in the catalogue, which their profile lists.
 */
export function plannersFrom(db: Queryable, from: string, size: number): Promise<SitemapEntry[]> {
  const latestPackage = db
    .select({ at: max(packages.updatedAt) })
    .from(packages)
    .where(and(eq(packages.plannerId, users.id), listedPackage));
  return db
    .select({
      id: users.id,
      updatedAt: sql<Date>`greatest(${users.updatedAt}, (${latestPackage}))`.mapWith(users.updatedAt),
    })
    .from(users)
    .where(and(publicPlanner, gte(users.id, from)))
    .orderBy(asc(users.id))
    .limit(size);
}

/** When the catalogue last changed: the newest change to a listed package, or undefined with none. */
export async function catalogueChangedAt(db: Queryable): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(packages.updatedAt) })
    .from(packages)
    .where(listedPackage);
  return row?.at ?? undefined;
}
