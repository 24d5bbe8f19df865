import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { createCategory, createPackage, createUser } from '../../../test/factories';
import { packages } from '../../db/schema';

const ids: Record<string, string> = {};
let weddings: string;
let birthdays: string;
let plannerA: string;

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  // Named, not random: a search reads the planner's name too, and a random suffix (hex) could
  // start with a word searched below ("100").
  plannerA = (await createUser(db, { role: 'planner', username: 'Amina Planner' })).id;
  const plannerB = (await createUser(db, { role: 'planner', username: 'Baraka Planner' })).id;
  weddings = (await createCategory(db, 'Weddings')).id;
  birthdays = (await createCategory(db, 'Birthdays')).id;
  const start = Date.now() - 3_600_000;
  const rows = [
    {
      key: 'garden',
      title: 'Garden Wedding',
      location: 'Nairobi',
      price: 300000,
      categoryId: weddings,
      plannerId: plannerA,
    },
    {
      key: 'beach',
      title: 'Beach Wedding',
      location: 'Diani, Kwale',
      price: 650000,
      categoryId: weddings,
      plannerId: plannerB,
    },
    {
      key: 'kids',
      title: "Kids' Party 100% fun",
      location: 'Nairobi West',
      price: 45000,
      categoryId: birthdays,
      plannerId: plannerA,
    },
    {
      key: 'dinner',
      title: '40th Dinner',
      location: 'Mombasa',
      price: 150000,
      categoryId: birthdays,
      plannerId: plannerB,
    },
  ];
  for (const [index, row] of rows.entries()) {
    const created = await createPackage(db, { ...row, createdAt: new Date(start + index * 60_000) });
    ids[row.key] = created.id;
  }
  await db
    .update(packages)
    .set({ description: 'Sunset ceremony on the sand' })
    .where(eq(packages.id, ids.beach!));
  await db.update(packages).set({ ratingAvg: 4.5, ratingCount: 2 }).where(eq(packages.id, ids.dinner!));
  await db.update(packages).set({ ratingAvg: 4.5, ratingCount: 8 }).where(eq(packages.id, ids.garden!));
});

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/packages?${query}` });
  expect(response.statusCode, query).toBe(200);
  return response.json() as {
    data: { _id: string; title: string }[];
    total?: number;
    pages?: number;
    packages?: unknown[];
  };
}

const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);

describe('package search', () => {
  it('matches q in title or description, case-insensitively', async () => {
    expect(titles(await search('q=WEDDING'))).toEqual(['Beach Wedding', 'Garden Wedding']);
    expect(titles(await search('q=sunset'))).toEqual(['Beach Wedding']);
    expect(titles(await search('q=nothing-like-this'))).toEqual([]);
  });

  it("takes the searcher's % and _ literally and is not fooled by SQL", async () => {
    expect(titles(await search(`q=${encodeURIComponent('100%')}`))).toEqual(["Kids' Party 100% fun"]);
    expect(titles(await search(`q=${encodeURIComponent('%')}`))).toEqual(["Kids' Party 100% fun"]);
    expect(titles(await search(`q=${encodeURIComponent("' or 1=1 --")}`))).toEqual([]);
    expect(titles(await search(`q=${encodeURIComponent("Kids'")}`))).toEqual(["Kids' Party 100% fun"]);
  });

  it('filters by category, location, price range and planner, combined', async () => {
    expect(titles(await search(`category=${birthdays}`))).toEqual(['40th Dinner', "Kids' Party 100% fun"]);
    expect(titles(await search('location=nairobi'))).toEqual(["Kids' Party 100% fun", 'Garden Wedding']);
    expect(titles(await search('minPrice=100000&maxPrice=300000'))).toEqual([
      '40th Dinner',
      'Garden Wedding',
    ]);
    expect(titles(await search(`category=${weddings}&location=nairobi&maxPrice=300000`))).toEqual([
      'Garden Wedding',
    ]);
    const byPlanner = await search(`planner=${plannerA}`);
    expect(titles(byPlanner)).toEqual(["Kids' Party 100% fun", 'Garden Wedding']);
    expect(byPlanner.packages).toEqual(byPlanner.data);
  });

  it('sorts by price both ways and by rating', async () => {
    expect(titles(await search('sort=price_asc'))).toEqual([
      "Kids' Party 100% fun",
      '40th Dinner',
      'Garden Wedding',
      'Beach Wedding',
    ]);
    expect(titles(await search('sort=price_desc'))).toEqual([
      'Beach Wedding',
      'Garden Wedding',
      '40th Dinner',
      "Kids' Party 100% fun",
    ]);
    expect(titles(await search('sort=rating')).slice(0, 2)).toEqual(['Garden Wedding', '40th Dinner']);
  });

  it('pages filtered results with totals', async () => {
    const first = await search('q=e&sort=price_asc&page=1&limit=2');
    expect(first).toMatchObject({ total: 4, page: 1, pages: 2 });
    expect(titles(first)).toEqual(["Kids' Party 100% fun", '40th Dinner']);
    const filtered = await search(`category=${weddings}&page=1&limit=6`);
    expect(filtered).toMatchObject({ total: 2, pages: 1 });
  });

  it('refuses malformed filters with 400', async () => {
    for (const query of [
      'category=abc',
      'minPrice=-1',
      'maxPrice=lots',
      'minPrice=10&maxPrice=5',
      `q=${'x'.repeat(201)}`,
      'planner=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/packages?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });
});
