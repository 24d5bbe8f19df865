import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createCategory, createPackage, createUser, type TestUser } from '../../../test/factories';
import { form, pngImage } from '../../../test/images';
import { packageCounts, packages } from '../../db/schema';

// The catalogue's totals without filters or by category come from counts kept by triggers
// (migrations 0005 and 0007): whatever changes the packages or their planners' roles, the totals
// the API gives stay exact. They count listed packages only (a demoted planner's are not).

let admin: TestUser;
let planner: TestUser;
let categoryIds: string[];
let png: Buffer;

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  admin = await createUser(db, { role: 'admin' });
  planner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  categoryIds = [];
  for (const name of ['Weddings', 'Birthdays', 'Conferences']) {
    categoryIds.push((await createCategory(db, name)).id);
  }
  png = await pngImage();
});

async function apiTotal(category?: string): Promise<number> {
  const url = `/api/packages?page=1&limit=1${category ? `&category=${category}` : ''}`;
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json().total;
}

/** The packages in the catalogue, counted row by row. */
async function rowCount(category?: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(packages)
    .where(and(eq(packages.listed, true), category ? eq(packages.categoryId, category) : undefined));
  return row?.n ?? 0;
}

function changeRole(user: TestUser, role: 'client' | 'planner' | 'admin') {
  return injectAs(t, admin, 'PATCH', `/api/user/${user.id}/role`, { role });
}

/** The API's totals, overall and for each category, equal a count of the rows themselves. */
async function expectExactTotals() {
  expect(await apiTotal()).toBe(await rowCount());
  for (const id of categoryIds) expect(await apiTotal(id), `category ${id}`).toBe(await rowCount(id));
}

function createThroughApi(category: string, user: TestUser = planner) {
  return t.app.inject({
    method: 'POST',
    url: '/api/packages/create',
    headers: user.headers,
    payload: form(
      {
        title: 'Counted Package',
        description: 'A package whose count matters.',
        price: '1000',
        category,
        location: 'Nairobi',
      },
      { bytes: png },
    ),
  });
}

describe('catalogue totals', () => {
  it('start at zero, and a category nobody used yet counts zero', async () => {
    expect(await apiTotal()).toBe(0);
    expect(await apiTotal(categoryIds[0])).toBe(0);
    const fresh = await createCategory(t.database.db);
    expect(await apiTotal(fresh.id)).toBe(0);
  });

  it('follow creations, category changes and deletions through the API, parallel ones included', async () => {
    const [weddings, birthdays] = categoryIds as [string, string];
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createThroughApi(i % 2 ? weddings : birthdays)),
    );
    for (const response of created) expect(response.statusCode).toBe(201);
    await expectExactTotals();
    expect(await apiTotal(weddings)).toBe(4);

    const ids = created.map((response) => response.json().data._id as string);
    const moved = await injectAs(
      t,
      planner,
      'PUT',
      `/api/packages/update/${ids[0]}`,
      form({ category: weddings }),
    );
    expect(moved.statusCode).toBe(200);
    const renamed = await injectAs(
      t,
      planner,
      'PUT',
      `/api/packages/update/${ids[2]}`,
      form({ title: 'Still a birthday' }),
    );
    expect(renamed.statusCode).toBe(200);
    await expectExactTotals();
    expect(await apiTotal(weddings)).toBe(5);

    const deleted = await injectAs(t, planner, 'DELETE', `/api/packages/delete/${ids[1]}`);
    expect(deleted.statusCode).toBe(200);
    await expectExactTotals();
    expect(await apiTotal()).toBe(7);
  });

  it('follow a planner deleted with all their packages, and statements touching many rows', async () => {
    const db = t.database.db;
    const [weddings, birthdays, conferences] = categoryIds as [string, string, string];
    const leaving = await createUser(db, { role: 'planner' });
    await db.insert(packages).values(
      [weddings, birthdays, conferences, conferences].map((categoryId, i) => ({
        title: `Leaving ${i}`,
        description: 'Goes with its planner.',
        price: 500,
        location: 'Kisumu',
        categoryId,
        plannerId: leaving.id,
      })),
    );
    await expectExactTotals();

    // One statement moving packages both ways between two categories.
    await db.execute(sql`
      update ${packages} set category_id = case when category_id = ${weddings}::uuid
        then ${conferences}::uuid else ${weddings}::uuid end
      where planner_id = ${leaving.id} and category_id in (${weddings}::uuid, ${conferences}::uuid)`);
    await expectExactTotals();

    const removed = await injectAs(t, admin, 'DELETE', `/api/user/${leaving.id}`);
    expect(removed.statusCode).toBe(200);
    await expectExactTotals();
  });

  it('are not changed by a write that is rolled back', async () => {
    const before = await apiTotal();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(packages).values({
          title: 'Never published',
          description: 'Rolled back.',
          price: 1,
          location: 'Nyeri',
          categoryId: categoryIds[0] as string,
          plannerId: planner.id,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await apiTotal()).toBe(before);
    await expectExactTotals();
  });

  it("follow demotions and promotions, which move all of a planner's packages in or out at once", async () => {
    const db = t.database.db;
    const [weddings, birthdays, conferences] = categoryIds as [string, string, string];
    const moving = await createUser(db, { role: 'planner', planId: 'enterprise' });
    await db.insert(packages).values(
      [weddings, weddings, birthdays, conferences, conferences, conferences].map((categoryId, i) => ({
        title: `Moving ${i}`,
        description: 'In and out of the catalogue with its planner.',
        price: 700,
        location: 'Mombasa',
        categoryId,
        plannerId: moving.id,
      })),
    );
    await expectExactTotals();
    const before = await apiTotal();

    expect((await changeRole(moving, 'client')).statusCode).toBe(200);
    await expectExactTotals();
    expect(await apiTotal()).toBe(before - 6);
    expect(await apiTotal(conferences)).toBe(await rowCount(conferences));

    // Changes while unlisted (a new category, a deletion, one more package) count nothing yet…
    const [first, second] = await db.select().from(packages).where(eq(packages.plannerId, moving.id));
    await db.update(packages).set({ categoryId: birthdays }).where(eq(packages.id, first!.id));
    await db.delete(packages).where(eq(packages.id, second!.id));
    await createPackage(db, { categoryId: weddings, plannerId: moving.id });
    await expectExactTotals();
    expect(await apiTotal()).toBe(before - 6);

    // …and count from the promotion on; admins may offer packages too.
    expect((await changeRole(moving, 'admin')).statusCode).toBe(200);
    await expectExactTotals();
    expect(await apiTotal()).toBe(before);
    expect((await changeRole(moving, 'planner')).statusCode).toBe(200);
    await expectExactTotals();
    expect(await apiTotal()).toBe(before);

    // A package inserted for a client (as a script might) is unlisted from the start.
    const client = await createUser(db, { role: 'client' });
    await createPackage(db, { categoryId: weddings, plannerId: client.id });
    await expectExactTotals();
    expect(await apiTotal()).toBe(before);
  });

  it('are filled for the packages already there when the migrations run', async () => {
    await createPackage(t.database.db, { categoryId: categoryIds[2], plannerId: planner.id });
    const demoted = await createUser(t.database.db, { role: 'planner' });
    await createPackage(t.database.db, { categoryId: categoryIds[2], plannerId: demoted.id });
    expect((await changeRole(demoted, 'client')).statusCode).toBe(200);
    const statement = async (file: string, start: string) => {
      const migration = await readFile(path.join(import.meta.dirname, '../../../drizzle', file), 'utf8');
      const found = migration
        .split('--> statement-breakpoint')
        .map((text) => text.trim())
        .find((text) => text.startsWith(start));
      expect(found, `${file}: ${start}`).toBeDefined();
      return found as string;
    };
    const fill = await statement('0005_package_counts.sql', 'INSERT INTO "package_counts"');
    const refill = await statement('0007_listed_packages.sql', 'INSERT INTO "package_counts"');
    await t.database.db.delete(packageCounts);
    expect(await apiTotal()).toBe(0);
    await t.database.db.execute(sql.raw(fill));
    expect(await apiTotal()).toBeGreaterThan(await rowCount());
    await t.database.db.execute(sql.raw(refill));
    await expectExactTotals();
  });

  it('are given on a page past the end too, which has no package to carry them', async () => {
    for (const category of [undefined, categoryIds[0]]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/packages?page=999&limit=6${category ? `&category=${category}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      const total = await rowCount(category);
      expect(total).toBeGreaterThan(0);
      expect(response.json()).toMatchObject({ data: [], total, page: 999, pages: Math.ceil(total / 6) });
    }
  });

  it('other filters still count the rows themselves, the listed ones only', async () => {
    const [weddings] = categoryIds as [string];
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/packages?page=1&limit=1&category=${weddings}&location=nairobi`,
    });
    const [row] = await t.database.db
      .select({ n: count() })
      .from(packages)
      .where(
        sql`${packages.categoryId} = ${weddings} and ${packages.location} ilike '%nairobi%' and ${packages.listed}`,
      );
    expect(response.json().total).toBe(row?.n);
    expect(row?.n).toBeGreaterThan(0);
  });
});
