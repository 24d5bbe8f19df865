// The catalogue's orders are written once (PACKAGE_SORT_ORDERS) and read two ways: as the SQL's
// ORDER BY and as the kept matches' comparator. Both must put a set full of ties (equal prices,
// ratings, ranks and moments, down to the microsecond) in the same order, for every sort.
import { PACKAGE_SORTS } from '@sherehe/shared/schemas/packages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import { createCategory, createUser } from '../../../test/factories';
import { packages } from '../../db/schema';
import { listPackages, type PackageFilters, searchPackages } from './packages-search.queries';
import { type MatchSet, SearchMatchesCache } from './search-matches';

let t: TestContext;
let categoryId: string;

const WORD = 'harusi';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const planner = await createUser(db, { role: 'planner', planId: 'enterprise' });
  // Named so that no word searched below finds the category (its names are searched too).
  categoryId = (await createCategory(db, 'Lakeside')).id;
  const moment = Date.now() - 86_400_000;
  // Three moments only (two a microsecond apart), three prices, texts repeated word for word (equal
  // ranks), ratings and featured flags repeated: almost every order falls to its last terms.
  const rows = Array.from({ length: 24 }, (_, n) => ({
    title: n % 3 === 0 ? `${WORD} ${WORD} garden` : n % 3 === 1 ? `${WORD} tent` : 'keki tent',
    description: n % 2 === 0 ? `A ${WORD} by the lake.` : 'By the lake.',
    price: [12_500, 12_500, 80_000, 5000.5][n % 4] as number,
    location: 'Kisumu',
    categoryId,
    plannerId: planner.id,
    createdAt: new Date(moment + [0, 0, 0.001, 60_000][n % 4]!),
  }));
  const inserted = await db.insert(packages).values(rows).returning({ id: packages.id });
  for (const [n, { id }] of inserted.entries()) {
    await db
      .update(packages)
      .set({
        ratingAvg: [0, 4.5, 4.5][n % 3] as number,
        ratingCount: [0, 2, 2, 7][n % 4] as number,
        featured: n % 5 === 0,
      })
      .where(eq(packages.id, id));
  }
});
afterAll(() => t?.close());

// How many of the 24 each set finds: the category all, 'harusi' the 20 that say it, 'kisumu' all
// (their town: equal ranks), 'wedding' the same 20 as 'harusi' (its glossary partner), and 'cake
// kisumu' the 8 titled 'keki tent' (the glossary's partner of 'cake', in Kisumu).
const SETS: { name: string; set: MatchSet; filters: PackageFilters; found: number }[] = [
  { name: 'a category', set: { category: '' }, filters: {}, found: 24 },
  { name: 'a word', set: { words: [WORD] }, filters: { q: WORD }, found: 20 },
  { name: 'a town', set: { words: ['kisumu'] }, filters: { q: 'kisumu' }, found: 24 },
  { name: 'a glossary word', set: { words: ['wedding'] }, filters: { q: 'wedding' }, found: 20 },
  { name: 'two words', set: { words: ['cake', 'kisumu'] }, filters: { q: 'cake kisumu' }, found: 8 },
];

describe('the catalogue orders, in SQL and in memory', () => {
  for (const { name, set, filters: given, found } of SETS) {
    for (const sort of PACKAGE_SORTS) {
      it(`by ${name}, ${sort}: the database and the kept matches give one order`, async () => {
        const db = t.database.db;
        const category = 'category' in set;
        const filters: PackageFilters = category ? { category: categoryId } : given;
        const matchSet: MatchSet = category ? { category: categoryId } : set;
        const options = { filters, sort, limit: 100, offset: 0 };

        const listed = (await listPackages(db, options)).map((row) => row.package.id);
        const searched = (await searchPackages(db, options, true)).rows.map((row) => row.package.id);
        const cache = new SearchMatchesCache({ rowsTtlMs: 1000 });
        const kept = await cache.page(db, matchSet, options);
        expect(kept).toBeDefined();
        const fromMemory = kept!.rows.map((row) => row.package.id);

        expect(listed.length).toBe(found);
        expect(searched).toEqual(listed);
        expect(fromMemory).toEqual(listed);

        // And page by page: no package on two pages, none left out.
        const paged: string[] = [];
        for (let offset = 0; offset < listed.length; offset += 5) {
          const page = await cache.page(db, matchSet, { ...options, limit: 5, offset });
          paged.push(...page!.rows.map((row) => row.package.id));
        }
        expect(paged).toEqual(listed);
      });
    }
  }
});
