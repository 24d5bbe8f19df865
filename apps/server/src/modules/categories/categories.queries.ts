import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { categories, packages } from '../../db/schema';

export function listCategories(db: Queryable) {
  return db
    .select()
    .from(categories)
    .orderBy(asc(sql`lower(${categories.name})`));
}

export async function findCategory(db: Queryable, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

export async function findCategoryByName(db: Queryable, name: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertCategory(
  db: Queryable,
  values: { name: string; nameSw: string; description: string },
) {
  const [row] = await db.insert(categories).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCategory(
  db: Queryable,
  id: string,
  values: { name: string; nameSw?: string | undefined; description: string },
) {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

export async function categoryInUse(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(eq(packages.categoryId, id))
    .limit(1);
  return Boolean(row);
}

export async function deleteCategory(db: Queryable, id: string) {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return row;
}
