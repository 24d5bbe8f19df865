// Prints the plans PostgreSQL chooses for the catalogue's queries, to check they use indexes:
//   DATABASE_URL=postgres://… node --import tsx scripts/explain.ts   (after scripts/seed-bulk.ts)
// Works on PGlite too (DATA_DIR=…), though its plans matter less.
import { todayInNairobi } from '@sherehe/shared/dates';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { findPackageQuery } from '../src/modules/packages/packages.queries';
import { countPackagesQuery, listPackagesQuery } from '../src/modules/packages/packages-search.queries';

const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  const [category] = await database.rows<{ id: string }>(
    sql`select id from categories where name = 'Weddings'`,
  );
  const [planner] = await database.rows<{ id: string }>(
    sql`select id from users where email = 'bulk-planner-7@sherehe.bench'`,
  );
  const [pkg] = await database.rows<{ id: string }>(
    sql`select id from packages order by created_at desc offset 500 limit 1`,
  );
  const [busiest] = await database.rows<{ day: string }>(
    sql`select event_date::text as day from bookings where status in ('accepted', 'completed')
      group by event_date order by count(*) desc limit 1`,
  );
  const busiestDay = busiest?.day ?? todayInNairobi();
  const searchFilters = {
    q: 'garden',
    category: category?.id,
    location: 'nairobi',
    minPrice: 10_000,
    maxPrice: 900_000,
  };
  const queries = {
    'search: q + category + location + price, sort price, page 3': listPackagesQuery(database.db, {
      filters: searchFilters,
      sort: 'price_asc',
      limit: 6,
      offset: 12,
    }),
    'search count': countPackagesQuery(database.db, searchFilters),
    'text search only (q=rooftop)': listPackagesQuery(database.db, {
      filters: { q: 'rooftop gala' },
      sort: 'newest',
      limit: 6,
      offset: 0,
    }),
    'rare text (q=zanzibar), with count': listPackagesQuery(database.db, {
      filters: { q: 'zanzibar' },
      sort: 'newest',
      limit: 6,
      offset: 0,
    }),
    'rare text count': countPackagesQuery(database.db, { q: 'zanzibar' }),
    'newest, page 50': listPackagesQuery(database.db, { filters: {}, sort: 'newest', limit: 6, offset: 294 }),
    'featured first, page 1 (the home page)': listPackagesQuery(database.db, {
      filters: {},
      sort: 'featured',
      limit: 3,
      offset: 0,
    }),
    'top rated, page 1': listPackagesQuery(database.db, { filters: {}, sort: 'rating', limit: 6, offset: 0 }),
    'one category, newest, page 2': listPackagesQuery(database.db, {
      filters: { category: category?.id },
      sort: 'newest',
      limit: 6,
      offset: 6,
    }),
    'cheapest first, page 1': listPackagesQuery(database.db, {
      filters: {},
      sort: 'price_asc',
      limit: 6,
      offset: 0,
    }),
    // The day the most bookings fall on: the filter's worst case.
    'free on the busiest day, newest, page 1': listPackagesQuery(database.db, {
      filters: { date: busiestDay },
      sort: 'newest',
      limit: 6,
      offset: 0,
    }),
    'free on the busiest day, top rated, 4 stars & up, page 1': listPackagesQuery(database.db, {
      filters: { date: busiestDay, minRating: 4 },
      sort: 'rating',
      limit: 6,
      offset: 0,
    }),
    'free on the busiest day, one category, count': countPackagesQuery(database.db, {
      date: busiestDay,
      category: category?.id,
    }),
    "admin's list with unlisted packages, newest, page 2": listPackagesQuery(database.db, {
      filters: { includeUnlisted: true },
      sort: 'newest',
      limit: 3,
      offset: 3,
    }),
    "one planner's packages": listPackagesQuery(database.db, {
      filters: { planner: planner?.id },
      sort: 'newest',
      limit: 4,
      offset: 0,
    }),
    'package by id': findPackageQuery(database.db, pkg?.id ?? ''),
  };
  for (const [name, query] of Object.entries(queries)) {
    const compiled = query.toSQL();
    const plan = await database.rows<Record<string, string>>(
      sql.join([
        sql.raw('explain (analyze, costs off, timing on) '),
        sql.raw(interpolate(compiled.sql, compiled.params)),
      ]),
    );
    const lines = plan.map((row) => Object.values(row)[0]);
    const seqScan = lines.some((line) => /Seq Scan on packages/.test(line ?? ''));
    console.log(`\n## ${name}${seqScan ? '  (SEQUENTIAL SCAN ON packages)' : ''}\n${lines.join('\n')}`);
  }
} finally {
  await database.close();
}

/** Inlines parameters for EXPLAIN (our own values, quoted). */
function interpolate(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (typeof value === 'number') return String(value);
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}
