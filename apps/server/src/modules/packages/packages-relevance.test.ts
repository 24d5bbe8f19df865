// The catalogue's search by words (migrations 0015 and 0022): ranked by match, typo-tolerant for
// words of five letters or more, Kiswahili and English alike, and a count that stops at 1,000.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { createCategory, createPackage, createUser } from '../../../test/factories';
import { categories, users } from '../../db/schema';

let plannerId: string;
let categoryId: string;

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  plannerId = (await createUser(db, { role: 'planner' })).id;
  // A category whose names no search below has (a category's names are searched too).
  categoryId = (await createCategory(db, 'Functions')).id;
  const start = Date.now() - 3_600_000;
  const rows = [
    // Each newer than the one before: relevance must beat the newest first.
    { title: 'Harusi Kamili', description: 'Harusi ya kifahari: chakula, mapambo na muziki.' },
    { title: 'Corporate Conference Package', description: 'Sound, stage and a conference hall in Nakuru.' },
    { title: 'Garden Gala', description: 'An evening gala with a harusi-style chakula buffet.' },
    { title: 'Sherehe ya Mahafali', description: 'Graduation party with keki and mapambo.' },
  ];
  for (const [index, row] of rows.entries()) {
    await createPackage(db, {
      ...row,
      plannerId,
      categoryId,
      createdAt: new Date(start + index * 60_000),
    });
  }
});

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/packages?${query}` });
  expect(response.statusCode, query).toBe(200);
  return response.json() as { data: { title: string }[]; total?: number; totalCapped?: boolean };
}

const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);

describe('GET /api/packages?q= by words', () => {
  it('ranks the better match first: a word in the title before one in the description only', async () => {
    // 'Garden Gala' is the newest of the two, and has the word in its description only.
    expect(titles(await search('q=harusi'))).toEqual(['Harusi Kamili', 'Garden Gala']);
    expect(titles(await search('q=gala'))).toEqual(['Garden Gala']);
    // An explicit sort still decides.
    expect(titles(await search('q=harusi&sort=newest'))).toEqual(['Garden Gala', 'Harusi Kamili']);
  });

  it('finds a word of five letters or more with a typo', async () => {
    expect(titles(await search('q=harussi'))).toEqual(['Harusi Kamili', 'Garden Gala']);
    expect(titles(await search('q=confrence'))).toEqual(['Corporate Conference Package']);
    expect(titles(await search('q=mahafli'))).toEqual(['Sherehe ya Mahafali']);
    // Shorter words must be spelt right, and a word like no other finds nothing.
    expect(titles(await search('q=kiki'))).toEqual([]);
    expect(titles(await search('q=zanzibar'))).toEqual([]);
  });

  it('matches Kiswahili and English words alike, every word of the search', async () => {
    // Both in the description only: newest first.
    expect(titles(await search('q=mapambo'))).toEqual(['Sherehe ya Mahafali', 'Harusi Kamili']);
    expect(titles(await search('q=graduation'))).toEqual(['Sherehe ya Mahafali']);
    expect(titles(await search('q=chakula%20buffet'))).toEqual(['Garden Gala']);
    expect(titles(await search('q=sherehe%20graduation'))).toEqual(['Sherehe ya Mahafali']);
    // The start of a word, as typed so far.
    expect(titles(await search('q=confer'))).toEqual(['Corporate Conference Package']);
  });

  it('keeps the filters and totals with a word', async () => {
    const body = await search('q=mapambo&page=1&limit=1');
    expect(body.total).toBe(2);
    expect(body.totalCapped).toBeUndefined();
    expect(body.data).toHaveLength(1);
  });
});

describe('what a search looks at besides the title and description', () => {
  it("finds a package by its category's names, its town and its planner's name, and follows their changes", async () => {
    const db = t.database.db;
    const planner = await createUser(db, { role: 'planner', username: 'Zawadi Matukio' });
    const category = await createCategory(db, 'Fundraisers');
    await createPackage(db, {
      title: 'Evening of Giving',
      description: 'A dinner that raises funds.',
      location: 'Machakos',
      plannerId: planner.id,
      categoryId: category.id,
    });
    for (const query of ['fundraisers', 'machakos', 'zawadi', 'matukio']) {
      expect(titles(await search(`q=${query}`)), query).toEqual(['Evening of Giving']);
    }
    // Renamed, moved: written straight to the database, as a script would, the words follow.
    await db.update(categories).set({ nameSw: 'Michango' }).where(eq(categories.id, category.id));
    await db.update(users).set({ username: 'Baraka Matukio' }).where(eq(users.id, planner.id));
    await db.execute(sql`update packages set location = 'Thika' where title = 'Evening of Giving'`);
    for (const query of ['michango', 'baraka', 'thika']) {
      expect(titles(await search(`q=${query}`)), query).toEqual(['Evening of Giving']);
    }
    for (const query of ['zawadi', 'machakos']) expect(titles(await search(`q=${query}`)), query).toEqual([]);
  });
});

describe('a count that would cost more than the page', () => {
  it('says "1,000" and totalCapped when more than 1,000 packages match, the exact total below or when ranked', async () => {
    await t.database.db.execute(sql`
      insert into packages (title, description, price, category_id, location, planner_id)
      select 'Ngoma Night ' || g, 'Drums and dance.', 5000 + g, ${categoryId}, 'Kisumu', ${plannerId}
      from generate_series(1, 1005) g`);
    const many = await search('q=ngoma&sort=price_asc&page=2&limit=10');
    expect(many).toMatchObject({ total: 1000, totalCapped: true, page: 2, pages: 100 });
    expect(many.data).toHaveLength(10);
    // Ranked by match, every match is read anyway: the total is exact.
    const ranked = await search('q=ngoma&page=2&limit=10');
    expect(ranked).toMatchObject({ total: 1005, page: 2, pages: 101 });
    expect(ranked.totalCapped).toBeUndefined();
    expect(ranked.data).toHaveLength(10);
    const filtered = await search('minPrice=5001&maxPrice=7000&page=1&limit=10');
    expect(filtered).toMatchObject({ total: 1000, totalCapped: true });
    const few = await search('minPrice=5001&maxPrice=5500&page=1&limit=10');
    expect(few.total).toBe(500);
    expect(few.totalCapped).toBeUndefined();
  });
});
