// Searches answered from kept matches (search-matches.ts, decision 019): the same
// answers as the database's, every filter, order and page, by words and by category; dropped by
// every write; no package out of the catalogue shown longer than the read cache would show it.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createCategory, createUser, type TestUser } from '../../../test/factories';
import { form, pngImage } from '../../../test/images';
import { buildApp } from '../../app';
import { packages, users } from '../../db/schema';
import { SearchMatchesCache } from './search-matches';

const WORDS = ['harusi', 'chakula', 'garden', 'conference', 'mapambo', 'keki', 'rooftop', 'ngoma'];

let t: TestContext;
/** The same app on the same database without any read cache: every search asks PostgreSQL. */
let plain: FastifyInstance;
let planners: TestUser[];
let categoryIds: string[];
let admin: TestUser;

/** A repeatable spread of values (no Math.random: a failure must come back the same). */
function spread(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

beforeAll(async () => {
  t = await createTestApp({ READ_CACHE_SECONDS: '30' });
  plain = await buildApp({
    config: { ...t.config, readCacheMs: 0 },
    database: t.database,
  });
  const db = t.database.db;
  planners = [
    await createUser(db, { role: 'planner', planId: 'enterprise' }),
    await createUser(db, { role: 'planner', planId: 'enterprise' }),
  ];
  admin = await createUser(db, { role: 'admin' });
  categoryIds = [(await createCategory(db, 'Weddings')).id, (await createCategory(db, 'Parties')).id];
  const next = spread(7);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const start = Date.now() - 86_400_000;
  const rows = Array.from({ length: 90 }, (_, n) => ({
    title: `${pick(WORDS)} ${pick(WORDS)} package ${n}`,
    description: `With ${pick(WORDS)}, ${pick(WORDS)} and ${pick(WORDS)}.`,
    // Repeated prices and moments: the orders' ties must fall as PostgreSQL's do.
    price: pick([5000, 12_500, 12_500, 80_000, 250_000, 1_999_999.5]),
    location: 'Kisumu',
    categoryId: pick(categoryIds),
    plannerId: pick(planners).id,
    createdAt: new Date(start + Math.floor(next() * 20) * 60_000 + (n % 3) * 0.001),
  }));
  const inserted = await db.insert(packages).values(rows).returning({ id: packages.id });
  for (const [n, { id }] of inserted.entries()) {
    await db
      .update(packages)
      .set({
        ratingAvg: pick([0, 3.5, 3.94, 3.95, 4, 4, 5]),
        ratingCount: pick([0, 1, 2, 7]),
        featured: n % 4 === 0,
      })
      .where(eq(packages.id, id));
  }
});
afterAll(async () => {
  await plain?.close();
  await t?.close();
});

async function search(app: FastifyInstance, query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/packages?${query}` });
  expect(response.statusCode, query).toBe(200);
  const body = response.json() as {
    data: { _id: string }[];
    total?: number;
    pages?: number;
    totalCapped?: boolean;
  };
  return { ids: body.data.map((p) => p._id), total: body.total, pages: body.pages };
}

describe('searches from kept matches', () => {
  it('answer every filter, order and page exactly as the database does', async () => {
    const sorts = ['', 'relevance', 'newest', 'price_asc', 'price_desc', 'rating', 'featured'];
    const queries: string[] = [];
    for (const q of ['harusi', 'chakula garden', 'mapambo', 'keki ngoma', 'conferense', 'roof']) {
      for (const sort of sorts) {
        queries.push(`q=${q}&page=1&limit=5${sort && `&sort=${sort}`}`);
      }
      queries.push(`q=${q}&page=2&limit=4&minPrice=12500&maxPrice=250000`);
      queries.push(`q=${q}&page=1&limit=12&category=${categoryIds[0]}&sort=price_desc`);
      queries.push(`q=${q}&page=3&limit=3&planner=${planners[1]?.id}`);
      queries.push(`q=${q}&page=40&limit=12`);
      queries.push(`q=${q}&minPrice=80000`);
      queries.push(`q=${q}&minRating=4&sort=rating&page=1&limit=5`);
      queries.push(`q=${q}&minRating=4&minPrice=12500&page=2&limit=3`);
      queries.push(`q=${q}&date=${nairobiDayFromToday(5)}&page=1&limit=12&sort=rating`);
    }
    // By category, without words: the browse page's lists.
    for (const category of categoryIds) {
      for (const sort of sorts) {
        queries.push(`category=${category}&page=2&limit=5${sort && `&sort=${sort}`}`);
      }
      queries.push(`category=${category}&page=1&limit=12&minPrice=12500&maxPrice=80000&sort=price_asc`);
      queries.push(`category=${category}&page=1&limit=12&planner=${planners[0]?.id}`);
      queries.push(`category=${category}&page=9&limit=12`);
      queries.push(`category=${category}&maxPrice=5000`);
      queries.push(`category=${category}&minRating=4&page=1&limit=4&sort=price_asc`);
      queries.push(`category=${category}&minRating=5&planner=${planners[1]?.id}&page=1&limit=12`);
      // A text search without a word of three letters stays a substring search.
      queries.push(`category=${category}&q=e&page=1&limit=12`);
    }
    let found = 0;
    for (const query of queries) {
      const expected = await search(plain, query);
      found += expected.ids.length;
      expect(await search(t.app, query), query).toEqual(expected);
    }
    // The comparison compared something.
    expect(found).toBeGreaterThan(300);
  });

  it('are read from memory: a change behind the API’s back shows only after a write', async () => {
    const [first] = (await search(t.app, 'q=ngoma&page=1&limit=50&sort=newest')).ids;
    expect(first).toBeDefined();
    await t.database.db
      .update(packages)
      .set({ title: 'Quiet dinner', description: 'Nothing else.' })
      .where(eq(packages.id, first as string));
    // Another address (not the read cache's kept answer), the same word: still there.
    expect((await search(t.app, 'q=ngoma&page=1&limit=50&sort=price_asc')).ids).toContain(first);
    expect((await search(plain, 'q=ngoma&page=1&limit=50&sort=price_asc')).ids).not.toContain(first);
    // A write through the API drops the kept matches.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages/create',
      headers: planners[0]?.headers,
      payload: form(
        {
          title: 'Ngoma ya Pwani',
          description: 'Ngoma na taarab usiku mzima.',
          price: '45000',
          category: categoryIds[0] as string,
          location: 'Mombasa',
        },
        { bytes: await pngImage() },
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = (await search(t.app, 'q=ngoma&page=1&limit=50&sort=rating')).ids;
    expect(after).not.toContain(first);
    expect(after).toContain(created.json().data._id);
    expect((await search(t.app, `category=${categoryIds[0]}&page=1&limit=5&sort=newest`)).ids[0]).toBe(
      created.json().data._id,
    );
  });

  it('drop a planner’s packages from every kept search when an admin demotes them', async () => {
    const demoted = planners[1] as TestUser;
    const before = await t.app.inject({ method: 'GET', url: '/api/packages?q=chakula&page=1&limit=50' });
    const beforeRows = before.json().data as { _id: string; planner: { _id: string } }[];
    const gone = beforeRows.filter((p) => p.planner._id === demoted.id).map((p) => p._id);
    expect(gone.length).toBeGreaterThan(0);
    expect(beforeRows.length).toBeGreaterThan(gone.length);
    const byCategory = `category=${categoryIds[1]}&page=1&limit=50&sort=price_desc`;
    const plannersIn = async (query: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/packages?${query}` })).json().data as {
          planner: { _id: string };
        }[]
      ).map((p) => p.planner._id);
    expect(await plannersIn(byCategory)).toContain(demoted.id);
    const demote = await injectAs(t, admin, 'PATCH', `/api/user/${demoted.id}/role`, { role: 'client' });
    expect(demote.statusCode, demote.body).toBe(200);
    const shown = (await search(t.app, 'q=chakula&page=1&limit=50&minPrice=0')).ids;
    expect(shown).toEqual(beforeRows.map((p) => p._id).filter((id) => !gone.includes(id)));
    expect(await plannersIn(`${byCategory}&maxPrice=9999999`)).not.toContain(demoted.id);
    expect(await search(t.app, `${byCategory}&maxPrice=9999999`)).toEqual(
      await search(plain, `${byCategory}&maxPrice=9999999`),
    );
    // An admin's list with unlisted packages asks the database.
    const withUnlisted = await injectAs(
      t,
      admin,
      'GET',
      '/api/packages?q=chakula&page=1&limit=50&includeUnlisted=true',
    );
    expect(withUnlisted.json().data.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining(gone));
    await injectAs(t, admin, 'PATCH', `/api/user/${demoted.id}/role`, { role: 'planner' });
  });

  it('check the catalogue again on every page whose rows are not kept', async () => {
    const demoted = planners[0] as TestUser;
    // Rows kept no time at all: the matches alone are kept.
    const cache = new SearchMatchesCache({ rowsTtlMs: 0 });
    const options = { filters: {}, sort: 'relevance' as const, limit: 50, offset: 0 };
    const first = await cache.page(t.database.db, { words: ['mapambo'] }, options);
    const mine = first?.rows.filter((row) => row.planner.id === demoted.id) ?? [];
    expect(mine.length).toBeGreaterThan(0);
    // Demoted behind the API's back: no write the cache hears of (migration 0007's trigger).
    await t.database.db.update(users).set({ role: 'client' }).where(eq(users.id, demoted.id));
    try {
      const again = await cache.page(t.database.db, { words: ['mapambo'] }, options);
      expect(again?.rows.map((row) => row.package.id)).toEqual(
        first?.rows.filter((row) => row.planner.id !== demoted.id).map((row) => row.package.id),
      );
    } finally {
      await t.database.db.update(users).set({ role: 'planner' }).where(eq(users.id, demoted.id));
    }
  });

  it('never keep a search by day: a blocked day, which keeps the read cache, shows at once', async () => {
    const planner = planners[0] as TestUser;
    const day = nairobiDayFromToday(9);
    const query = `q=harusi&date=${day}&planner=${planner.id}&page=1&limit=50`;
    const before = await search(t.app, query);
    expect(before.ids.length).toBeGreaterThan(0);
    const block = await injectAs(t, planner, 'POST', '/api/availability/blocks', { date: day });
    expect(block.statusCode, block.body).toBe(201);
    expect(await search(t.app, query)).toMatchObject({ ids: [], total: 0 });
    // The same search without the day was kept, and still is: blocking changes nothing else.
    const withoutDay = `q=harusi&planner=${planner.id}&page=1&limit=50`;
    expect((await search(t.app, withoutDay)).ids).toEqual(before.ids);
    await injectAs(t, planner, 'DELETE', `/api/availability/blocks/${day}`);
    expect(await search(t.app, query)).toEqual(before);
  });

  it('leave a word that matches too many packages to the database', async () => {
    const cache = new SearchMatchesCache({ rowsTtlMs: 30_000, maxMatchesPerSearch: 3 });
    const options = { filters: {}, sort: 'relevance' as const, limit: 12, offset: 0 };
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(packages)
      .where(sql`${packages.listed} and search @@ to_tsquery('simple', 'keki:*')`);
    const count = row?.count ?? 0;
    expect(count).toBeGreaterThan(3);
    expect(await cache.page(t.database.db, { words: ['keki'] }, options)).toBeUndefined();
    const all = new SearchMatchesCache({ rowsTtlMs: 30_000 });
    expect((await all.page(t.database.db, { words: ['keki'] }, options))?.total.total).toBe(count);
  });
});
