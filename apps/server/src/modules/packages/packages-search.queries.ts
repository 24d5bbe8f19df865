// The catalogue's search: filters, sorts, prepared statements and kept totals. One package and its
// changes are packages.queries.ts.
import { centsAtLeast, centsAtMost } from '@sherehe/shared/money';
import type { PackageSort } from '@sherehe/shared/schemas/packages';
import { glossaryPartners } from '@sherehe/shared/search-glossary';
import { and, asc, desc, eq, gte, lte, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { containing } from '../../db/patterns';
import { prepared } from '../../db/prepared';
import { categories, packageCounts, packages, users } from '../../db/schema';
import { plannerFreeOn } from '../availability';
import { type PackageRowWithRelations, packageColumns } from './packages.queries';

export interface PackageFilters {
  q?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  planner?: string | undefined;
  /** Only packages whose planner can take a new event that day (YYYY-MM-DD): `plannerFreeOn`. */
  date?: string | undefined;
  /** Only packages whose average rating, as shown with one decimal, is at least this (1 to 5). */
  minRating?: number | undefined;
  /**
   * Unlisted packages too (their planner may no longer offer packages): an admin's view. The
   * public catalogue never has it.
   */
  includeUnlisted?: boolean | undefined;
}

/**
 * How a filter's value enters the SQL: as itself, or as a named placeholder of a prepared
 * statement (db/prepared.ts).
 */
type ValueOf = <T>(name: string, value: T) => T | Placeholder;
const inline: ValueOf = (_name, value) => value;
const placeholder: ValueOf = (name) => sql.placeholder(name);

/**
 * The words a search looks for, lower case: runs of letters and digits of two or more (at most 8);
 * none when no word has three letters ('e', '%', "' or 1=1"), which are searched as text.
 */
export function searchWords(q: string | undefined): string[] {
  const words = (q?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= 2);
  return words.some((word) => word.length >= 3) ? words.slice(0, 8) : [];
}

/** Words this long or longer are typo-tolerant. */
const TYPO_TOLERANT_LENGTH = 5;
/** How alike (pg_trgm's similarity) a known word must be to stand in for a word no package has. */
const TYPO_SIMILARITY = 0.5;

/**
 * The glossary partners a searched word adds to its search, as prefixes: none that the word itself
 * (a prefix from three letters) or a shorter partner already finds, so that a package is not
 * counted twice for one word ('celebration' finds 'celebrations') and outranks a better match.
 */
function widening(word: string): string[] {
  const prefixes = word.length >= 3 ? [word] : [];
  const partners = glossaryPartners(word).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  for (const partner of partners) {
    if (!prefixes.some((prefix) => partner.startsWith(prefix))) prefixes.push(partner);
  }
  return prefixes.filter((partner) => partner !== word);
}

/**
 * The text search of `words` (migration 0015, widened by 0022), one tsquery: every word must match
 * (AND), each as a prefix when it has three letters or more ('gard' finds 'garden'), or any of its
 * glossary partners ('harusi' finds 'wedding', search-glossary.ts); a word of five letters or more
 * that no package has ever held stands for itself or the three known words most like it
 * ('harussi' finds 'harusi'). Only letters and digits (and a glossary word's hyphen) reach
 * to_tsquery (searchWords, SEARCH_GLOSSARY).
 */
function searchQuery(words: string[]): SQL {
  const list = sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  );
  // Each word's glossary partners, as the rest of its alternatives (' | wedding:* | ndoa:*').
  const partners = words.map((word) =>
    widening(word)
      .map((partner) => ` | ${partner}:*`)
      .join(''),
  );
  const widened = sql.join(
    partners.map((alternatives) => sql`${alternatives}::text`),
    sql`, `,
  );
  return sql`(select to_tsquery('simple', string_agg('(' || alts || g || ')', ' & ' order by n)) from (
    select n, g, case
      when length(w) >= ${TYPO_TOLERANT_LENGTH} and not exists (select 1 from search_words s where s.word = w)
        then coalesce((select string_agg(t.word || ':*', ' | ') from (
               select s.word from search_words s
               where s.word % w and similarity(s.word, w) >= ${TYPO_SIMILARITY}
               order by similarity(s.word, w) desc, s.word limit 3) t) || ' | ', '') || w || ':*'
      when length(w) >= 3 then w || ':*'
      else w end as alts
    from unnest(array[${list}], array[${widened}]) with ordinality as q(w, g, n)) as terms)`;
}

/** The package's words (a column of migration 0015, unknown to drizzle's schema). */
const searchColumn = sql`${packages}.search`;

/**
 * How far below `minRating` a stored average (two decimals) may be and still show as `minRating`
 * (one decimal, rounded half up: presenter's roundAverage): 3.95 is "4.0".
 */
const MIN_RATING_MARGIN = '0.05';

/**
 * Whether a stored average passes `minRating`, as the SQL compares it (kept searches): the average
 * as shown, in tenths (presenter's roundAverage), against whole tenths. For every average of two
 * decimals from 0 to 5 this is the SQL's `rating_avg >= minRating - 0.05`.
 */
export function passesMinRating(ratingAvg: number, minRating: number | undefined): boolean {
  return minRating === undefined || Math.round(ratingAvg * 10) >= minRating * 10;
}

/** The WHERE clause of a search; each filter is served by an index (see schema.ts). */
export function filterConditions(filters: PackageFilters, value: ValueOf = inline): SQL | undefined {
  const conditions: SQL[] = [];
  // Written as the bare column, never a parameter: the catalogue's partial indexes (`where
  // listed`) then serve prepared statements too.
  if (!filters.includeUnlisted) conditions.push(sql`${packages.listed}`);
  if (filters.q) {
    const words = searchWords(filters.q);
    // Words are searched as words (the GIN index of migration 0015); a search without a word of
    // three letters ('e', '%') as the text it is, anywhere in the title or description.
    conditions.push(
      words.length > 0
        ? sql`${searchColumn} @@ ${searchQuery(words)}`
        : sql`(${packages.title} || ' ' || ${packages.description}) ilike ${value('q', containing(filters.q))}`,
    );
  }
  if (filters.location) {
    conditions.push(sql`${packages.location} ilike ${value('location', containing(filters.location))}`);
  }
  if (filters.category) conditions.push(eq(packages.categoryId, value('category', filters.category)));
  if (filters.planner) conditions.push(eq(packages.plannerId, value('planner', filters.planner)));
  // The rule a booking request for that day applies (availability's checkPlannerDay), as SQL.
  if (filters.date) conditions.push(plannerFreeOn(packages.plannerId, value('date', filters.date)));
  // The stored average has two decimals and is shown with one: 3.95 shows as 4.0, so it is 4 and up
  // (MIN_RATING_MARGIN).
  if (filters.minRating !== undefined) {
    conditions.push(
      sql`${packages.ratingAvg} >= ${value('minRating', filters.minRating)}::numeric - ${sql.raw(MIN_RATING_MARGIN)}`,
    );
  }
  // Shillings with any decimals, compared as the cents at or above (below) them; never prepared
  // (preparedShape), so the value is always the one given here.
  if (filters.minPrice !== undefined)
    conditions.push(gte(packages.priceCents, value('minPrice', centsAtLeast(filters.minPrice))));
  if (filters.maxPrice !== undefined)
    conditions.push(lte(packages.priceCents, value('maxPrice', centsAtMost(filters.maxPrice))));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Searches without text or prices are prepared statements, one per set of filters and sort: the
 * catalogue's common reads skip the SQL building and planning. A text search is planned for its own
 * words (a rare word and a common one want different plans; a prepared statement's generic plan
 * would not know which it has), and a price range for its own range.
 */
function preparedShape(filters: PackageFilters): string | undefined {
  // A price range too: PostgreSQL's generic plan of a prepared statement guesses every range
  // narrow (0.5% of the rows), and with a category read 50,000 rows of a wide one to sort them
  // (67 ms against 0.3 ms planned for the values, at 100,000 packages).
  if (filters.q || filters.location || filters.minPrice !== undefined || filters.maxPrice !== undefined)
    return undefined;
  const names = (['category', 'planner', 'minPrice', 'maxPrice', 'date', 'minRating'] as const).filter(
    (name) => filters[name] !== undefined && filters[name] !== '',
  );
  const shape = names.join('_') || 'all';
  return filters.includeUnlisted ? `${shape}_with_unlisted` : shape;
}

/** What a catalogue order sorts by: a search's rank (a search by words only) or a package's column. */
export type SortKey = 'rank' | 'price' | 'ratingAvg' | 'ratingCount' | 'featured' | 'createdAt' | 'id';

/** One term of an order: a key and its direction. */
export interface SortTerm {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/** Every order ends newest first, then by id, so no two packages tie and pages never overlap. */
const NEWEST: readonly SortTerm[] = [
  { key: 'createdAt', direction: 'desc' },
  { key: 'id', direction: 'desc' },
];

/**
 * The catalogue's orders, written once: the SQL's ORDER BY (`sqlOrder`) and the kept matches'
 * comparator (search-matches.ts) are both made from this table, so the two cannot drift apart.
 * Every key is a column that is never null (and a rank is a number), so no order says where nulls
 * go. Without words `rank` is left out: a search without words by relevance is the newest first.
 */
export const PACKAGE_SORT_ORDERS: Record<PackageSort, readonly SortTerm[]> = {
  newest: NEWEST,
  // Where a word is found weighs (migration 0022): the title, the category's names, the town and the
  // planner's name, the description; ties newest first.
  relevance: [{ key: 'rank', direction: 'desc' }, ...NEWEST],
  price_asc: [{ key: 'price', direction: 'asc' }, ...NEWEST],
  price_desc: [{ key: 'price', direction: 'desc' }, ...NEWEST],
  rating: [{ key: 'ratingAvg', direction: 'desc' }, { key: 'ratingCount', direction: 'desc' }, ...NEWEST],
  // Planners whose plan includes a featured listing come first, by the copy of that flag on the
  // package (schema.ts), so the order comes from an index.
  featured: [{ key: 'featured', direction: 'desc' }, ...NEWEST],
};

const SORT_COLUMNS = {
  price: packages.priceCents,
  ratingAvg: packages.ratingAvg,
  ratingCount: packages.ratingCount,
  featured: packages.featured,
  createdAt: packages.createdAt,
  id: packages.id,
} as const;

/**
 * `sort`'s ORDER BY, from PACKAGE_SORT_ORDERS; `rank` is what ranks a search by words (its ts_rank,
 * or the column that holds it), left out when undefined.
 */
function sqlOrder(sort: PackageSort, rank: SQLWrapper | undefined): SQL[] {
  return PACKAGE_SORT_ORDERS[sort].flatMap(({ key, direction }) => {
    const by = key === 'rank' ? rank : SORT_COLUMNS[key];
    if (!by) return [];
    return [direction === 'asc' ? asc(by) : desc(by)];
  });
}

/** How well a package matches a search's tsquery (searchQuery). */
const rankOf = (query: SQL): SQL<number> => sql<number>`ts_rank(${searchColumn}, ${query})`;

function orderBy(sort: PackageSort, filters: PackageFilters): SQL[] {
  const words = searchWords(filters.q);
  return sqlOrder(sort, words.length > 0 ? rankOf(searchQuery(words)) : undefined);
}

export interface ListOptions {
  filters: PackageFilters;
  sort: PackageSort;
  limit: number;
  offset: number;
}

export function listPackages(db: Queryable, options: ListOptions): Promise<PackageRowWithRelations[]> {
  const shape = preparedShape(options.filters);
  if (!shape) return listPackagesQuery(db, options);
  return prepared(db, `list_packages_${options.sort}_${shape}`, (on, name) =>
    listPackagesQuery(on, options, placeholder).prepare(name),
  ).execute({ ...options.filters, limit: options.limit, offset: options.offset });
}

/**
 * The query itself, also used by scripts/explain.ts to show its plan. `total`, when given, is
 * selected with every row (the kept total of searchPackages).
 */
export function listPackagesQuery(
  db: Queryable,
  options: ListOptions,
  value: ValueOf = inline,
  total: SQL<number> = sql<number>`null`,
) {
  return db
    .select({ ...packageColumns, total })
    .from(packages)
    .innerJoin(categories, eq(categories.id, packages.categoryId))
    .innerJoin(users, eq(users.id, packages.plannerId))
    .where(filterConditions(options.filters, value))
    .orderBy(...orderBy(options.sort, options.filters))
    .limit(value('limit', options.limit))
    .offset(value('offset', options.offset));
}

/**
 * A computed total stops counting here: a search that matches more answers "1,000+" (the page's
 * rows cost a few index reads; counting every match of a common word cost more than the page).
 */
export const COUNT_CAP = 1000;

/** How many packages match, counting at most COUNT_CAP + 1 (more than COUNT_CAP: capped). */
function cappedCount(filters: PackageFilters, value: ValueOf): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${packages}
    where ${filterConditions(filters, value) ?? sql`true`} limit ${COUNT_CAP + 1}) as capped)`;
}

export function countPackagesQuery(db: Queryable, filters: PackageFilters, value: ValueOf = inline) {
  return db.select({ total: cappedCount(filters, value) }).from(sql`(select 1) as one`);
}

/**
 * A search's total kept by the triggers (schema.ts `packageCounts`), for the catalogue's searches
 * without filters or with only a category; undefined for the others, which count their rows (the
 * kept totals count listed packages only).
 */
function keptTotal(filters: PackageFilters): SQL<number> | undefined {
  const shape = preparedShape(filters);
  if (shape === 'all') {
    return sql<number>`(select coalesce(sum(${packageCounts.total}), 0)::int from ${packageCounts})`;
  }
  if (shape === 'category') {
    return sql<number>`coalesce((select ${packageCounts.total} from ${packageCounts}
      where ${packageCounts.categoryId} = ${sql.placeholder('category')}), 0)`;
  }
  return undefined;
}

/** A search's total; `capped` when more than COUNT_CAP match and `total` is COUNT_CAP. */
export interface SearchTotal {
  total: number;
  capped: boolean;
}

function searchTotal(counted: number): SearchTotal {
  return counted > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: counted, capped: false };
}

/**
 * One page of a search and, when `withTotal`, its total, in one statement: the home page's and
 * the browse page's usual searches (no filter, or a category) read the kept total, the others
 * count their matches up to COUNT_CAP alongside the page.
 */
export async function searchPackages(
  db: Queryable,
  options: ListOptions,
  withTotal: boolean,
): Promise<{ rows: PackageRowWithRelations[]; total: SearchTotal | undefined }> {
  if (!withTotal) return { rows: await listPackages(db, options), total: undefined };
  if (options.sort === 'relevance' && searchWords(options.filters.q).length > 0) {
    return rankedSearch(db, options);
  }
  const shape = preparedShape(options.filters);
  const params = { ...options.filters, limit: options.limit, offset: options.offset };
  const found = shape
    ? await prepared(db, `list_packages_${options.sort}_${shape}_with_total`, (on, name) =>
        listPackagesQuery(
          on,
          options,
          placeholder,
          keptTotal(options.filters) ?? cappedCount(options.filters, placeholder),
        ).prepare(name),
      ).execute(params)
    : await listPackagesQuery(db, options, inline, cappedCount(options.filters, inline));
  const rows = found.map(({ total: _total, ...row }) => row);
  // A page past the end has no row to carry the total: ask for it alone (a page 1 without rows
  // means there is nothing to count).
  if (found[0]) return { rows, total: searchTotal(found[0].total) };
  return {
    rows,
    total: searchTotal(options.offset > 0 ? await countPackages(db, options.filters) : 0),
  };
}

/**
 * A search by words, best match first, with its exact total: ranking reads every match anyway, so
 * the page's ids and the count come from that one pass (a window count), and only the page's rows
 * are joined to their category and planner. Half the time of ranking and counting apart (32 against
 * 16 ms for a word in 6,568 of 100,000 packages).
 */
async function rankedSearch(
  db: Queryable,
  options: ListOptions,
): Promise<{ rows: PackageRowWithRelations[]; total: SearchTotal }> {
  const rank = rankOf(searchQuery(searchWords(options.filters.q)));
  const ranked = db.$with('ranked').as(
    db
      .select({
        rankedId: sql<string>`${packages.id}`.as('ranked_id'),
        rank: rank.as('rank'),
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(packages)
      .where(filterConditions(options.filters))
      .orderBy(...sqlOrder('relevance', rank))
      .limit(options.limit)
      .offset(options.offset),
  );
  const found = await db
    .with(ranked)
    .select({ ...packageColumns, total: ranked.total })
    .from(ranked)
    .innerJoin(packages, eq(packages.id, ranked.rankedId))
    .innerJoin(categories, eq(categories.id, packages.categoryId))
    .innerJoin(users, eq(users.id, packages.plannerId))
    .orderBy(...sqlOrder('relevance', ranked.rank));
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: { total: found[0].total, capped: false } };
  // A page past the end: the total alone.
  return {
    rows,
    total: searchTotal(options.offset > 0 ? await countPackages(db, options.filters) : 0),
  };
}

/** The total of a search (kept by the triggers for the usual ones, see keptTotal), at most COUNT_CAP + 1. */
export async function countPackages(db: Queryable, filters: PackageFilters): Promise<number> {
  const shape = preparedShape(filters);
  const kept = keptTotal(filters);
  if (kept) {
    const [row] = await prepared(db, `count_packages_kept_${shape}`, (on, name) =>
      on.select({ total: kept }).from(sql`(select 1) as one`).prepare(name),
    ).execute({ ...filters });
    return row?.total ?? 0;
  }
  const [row] = shape
    ? await prepared(db, `count_packages_${shape}`, (on, name) =>
        countPackagesQuery(on, filters, placeholder).prepare(name),
      ).execute({ ...filters })
    : await countPackagesQuery(db, filters);
  return row?.total ?? 0;
}

/** A package a kept search matches: what the catalogue's filters and orders need (search-matches.ts). */
export interface SearchMatch {
  id: string;
  priceCents: number;
  categoryId: string;
  plannerId: string;
  ratingAvg: number;
  ratingCount: number;
  featured: boolean;
  /** created_at in microseconds since 1970, as PostgreSQL orders it (exact in a JS number). */
  createdMicros: number;
}

const searchMatchColumns = {
  id: packages.id,
  priceCents: packages.priceCents,
  categoryId: packages.categoryId,
  plannerId: packages.plannerId,
  ratingAvg: packages.ratingAvg,
  ratingCount: packages.ratingCount,
  featured: packages.featured,
  createdMicros: sql<number>`(extract(epoch from ${packages.createdAt}) * 1000000)::bigint`.mapWith(Number),
};

/**
 * Every listed package `words` match (at most `limit`), best match first as rankedSearch orders
 * them: one scan of the GIN index, the rows' few columns only.
 */
export function findWordMatches(db: Queryable, words: string[], limit: number): Promise<SearchMatch[]> {
  const query = searchQuery(words);
  return db
    .select(searchMatchColumns)
    .from(packages)
    .where(and(sql`${packages.listed}`, sql`${searchColumn} @@ ${query}`))
    .orderBy(...sqlOrder('relevance', rankOf(query)))
    .limit(limit);
}

/** Every listed package of a category (at most `limit`), newest first. */
export function findCategoryMatches(
  db: Queryable,
  categoryId: string,
  limit: number,
): Promise<SearchMatch[]> {
  return prepared(db, 'find_category_matches', (on, name) =>
    on
      .select(searchMatchColumns)
      .from(packages)
      .where(and(sql`${packages.listed}`, eq(packages.categoryId, sql.placeholder('category'))))
      // By relevance without words: the order of search-matches.ts's kept positions.
      .orderBy(...sqlOrder('relevance', undefined))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({ category: categoryId, limit });
}

/** The listed ones of these packages, with their category and planner, in no particular order. */
export async function findListedPackagesByIds(
  db: Queryable,
  ids: string[],
): Promise<PackageRowWithRelations[]> {
  if (ids.length === 0) return [];
  return prepared(db, 'find_listed_packages_by_ids', (on, name) =>
    on
      .select(packageColumns)
      .from(packages)
      .innerJoin(categories, eq(categories.id, packages.categoryId))
      .innerJoin(users, eq(users.id, packages.plannerId))
      .where(and(sql`${packages.listed}`, sql`${packages.id} = any(${sql.placeholder('ids')}::uuid[])`))
      .prepare(name),
  ).execute({ ids });
}
