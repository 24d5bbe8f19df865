// The catalogue's searches answered from memory (decision 019): the matches of a set of
// words (best match first), or of a category (newest first), kept until a write (or a minute), so
// every price range, category, sort and page of them is worked out here and only the page's rows
// are read, themselves kept for a few seconds.
import { centsAtLeast, centsAtMost } from '@sherehe/shared/money';
import type { PackageSort } from '@sherehe/shared/schemas/packages';
import type { Queryable } from '../../db/client';
import { ReadCache } from '../../lib/read-cache';
import type { PackageRowWithRelations } from './packages.queries';
import {
  findCategoryMatches,
  findListedPackagesByIds,
  findWordMatches,
  PACKAGE_SORT_ORDERS,
  type PackageFilters,
  passesMinRating,
  type SearchMatch,
  type SearchTotal,
  type SortKey,
} from './packages-search.queries';

/** A search matching more packages than this is searched in the database each time. */
export const MAX_MATCHES_PER_SEARCH = 50_000;
/** The kept matches together: about 120 bytes each (measured), 48 MB at most. */
const MAX_MATCHES_KEPT = 400_000;
/** Different searches kept at most. */
const MAX_SEARCHES_KEPT = 5_000;
/**
 * The pages' rows kept at most: about 1.2 KB each (measured), 35 MB. With 10,000 rows varied
 * searches by words reached 0.20 of health's rate instead of 0.26 (docs/quality.md).
 */
const MAX_ROWS_KEPT = 30_000;
/**
 * How long a search's matches are kept when no write comes. Every write through the API drops
 * them at once, here and on the other processes; this bounds how late a change made outside the
 * API (a script, `psql`, a job) shows in the order of a search's results. The rows shown are kept
 * only as long as the read cache's answers.
 */
export const SEARCH_MATCHES_MS = 60_000;

/**
 * What a kept search is the matches of: a set of words (the catalogue's search by words), or a
 * category (the browse page's lists by category without words).
 */
export type MatchSet = { words: string[] } | { category: string };

/**
 * One search's matches, column by column (a few typed arrays instead of an object per match: half
 * the memory), position 0 the first in the order of `relevance` (PACKAGE_SORT_ORDERS, as the
 * database reads them): the best match as PostgreSQL ranks them (ties newest first), or the newest.
 */
class Matches {
  readonly ids: string[];
  /** Cents (whole numbers, exact in a float64). */
  readonly price: Float64Array;
  readonly category: Int32Array;
  readonly planner: Int32Array;
  readonly ratingAvg: Float64Array;
  readonly ratingCount: Int32Array;
  readonly featured: Uint8Array;
  readonly createdMicros: Float64Array;
  /** Category and planner ids, each once, with their positions (the columns above hold those). */
  readonly #positions = new Map<string, number>();
  /** The positions in the catalogue's other orders, made on first use. */
  readonly #orders = new Map<PackageSort, Int32Array>();
  /** The prices in ascending order, of all matches (-1) and of each category, made on first use. */
  readonly #sortedPrices = new Map<number, Float64Array>();

  constructor(rows: SearchMatch[]) {
    const n = rows.length;
    this.ids = rows.map((row) => row.id);
    this.price = Float64Array.from(rows, (row) => row.priceCents);
    const position = (name: string) => {
      let at = this.#positions.get(name);
      if (at === undefined) {
        at = this.#positions.size;
        this.#positions.set(name, at);
      }
      return at;
    };
    this.category = Int32Array.from(rows, (row) => position(row.categoryId));
    this.planner = Int32Array.from(rows, (row) => position(row.plannerId));
    this.ratingAvg = Float64Array.from(rows, (row) => row.ratingAvg);
    this.ratingCount = Int32Array.from(rows, (row) => row.ratingCount);
    this.featured = Uint8Array.from(rows, (row) => (row.featured ? 1 : 0));
    this.createdMicros = Float64Array.from(rows, (row) => row.createdMicros);
    // Read in relevance's order, so its positions are that order as they are.
    this.#orders.set(
      'relevance',
      Int32Array.from({ length: n }, (_, i) => i),
    );
  }

  get size(): number {
    return this.ids.length;
  }

  /** The position of a category or planner id, -1 when none of the matches has it. */
  nameAt(name: string): number {
    return this.#positions.get(name) ?? -1;
  }

  /** How many matches (of one category's, by its position) cost between `min` and `max`. */
  countPrices(category: number | undefined, min: number, max: number): number {
    const key = category ?? -1;
    let prices = this.#sortedPrices.get(key);
    if (!prices) {
      prices =
        category === undefined
          ? Float64Array.from(this.price)
          : this.price.filter((_, i) => this.category[i] === category);
      prices.sort();
      this.#sortedPrices.set(key, prices);
    }
    return firstAbove(prices, max) - firstAtLeast(prices, min);
  }

  /** The matches' positions in `sort`'s order (PACKAGE_SORT_ORDERS, the database's order). */
  order(sort: PackageSort): Int32Array {
    let order = this.#orders.get(sort);
    if (!order) {
      const compare = this.#comparator(sort);
      order = Int32Array.from({ length: this.size }, (_, i) => i).sort(compare);
      this.#orders.set(sort, order);
    }
    return order;
  }

  /** `sort`'s order of two positions, made from its terms in PACKAGE_SORT_ORDERS. */
  #comparator(sort: PackageSort): (a: number, b: number) => number {
    const terms = PACKAGE_SORT_ORDERS[sort].map(({ key, direction }) => {
      const ascending = this.#ascending(key);
      return direction === 'asc' ? ascending : (a: number, b: number) => ascending(b, a);
    });
    return (a, b) => {
      for (const compare of terms) {
        const order = compare(a, b);
        if (order !== 0) return order;
      }
      return 0;
    };
  }

  /** Two positions in ascending order of `key`, as PostgreSQL compares its column. */
  #ascending(key: SortKey): (a: number, b: number) => number {
    const numeric =
      (column: ArrayLike<number>) =>
      (a: number, b: number): number =>
        (column[a] as number) - (column[b] as number);
    switch (key) {
      // Read best match first (ties newest first): a lower position ranks higher, and by words or
      // by category alike the positions are the whole of relevance's order.
      case 'rank':
        return (a, b) => b - a;
      case 'price':
        return numeric(this.price);
      case 'ratingAvg':
        return numeric(this.ratingAvg);
      case 'ratingCount':
        return numeric(this.ratingCount);
      case 'featured':
        return numeric(this.featured);
      case 'createdAt':
        return numeric(this.createdMicros);
      case 'id': {
        // A uuid's order is its bytes', the order of its lower-case text.
        const { ids } = this;
        return (a, b) => {
          const x = ids[a] as string;
          const y = ids[b] as string;
          return x < y ? -1 : x > y ? 1 : 0;
        };
      }
    }
  }
}

/** The first position in ascending `sorted` whose value is `value` or more. */
function firstAtLeast(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first position in ascending `sorted` whose value is more than `value`. */
function firstAbove(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A kept search: its matches, or undefined when the words match too many packages to keep. */
interface Kept {
  matches: Matches | undefined;
}

/**
 * The catalogue's searches answered from kept matches. Which searches (`matchSet`): the public
 * catalogue's (never an admin's with unlisted packages), without a location (its substring match
 * stays PostgreSQL's), with words or else with a category. A write drops every kept match and row
 * (the read cache's `track`); nothing read while a write ran is kept (the generation of
 * lib/read-cache.ts). A page's rows are read with `listed` checked again, so a package that left
 * the catalogue outside the API shows no longer than the read cache's other answers would show it.
 */
export class SearchMatchesCache {
  readonly #kept: ReadCache<Kept>;
  /** The searches being read, so a hundred people asking for one word cost one read. */
  readonly #loading = new Map<string, Promise<Kept>>();
  readonly #rows: ReadCache<PackageRowWithRelations>;

  constructor(options: { ttlMs?: number; rowsTtlMs: number; maxMatchesPerSearch?: number }) {
    this.maxMatchesPerSearch = options.maxMatchesPerSearch ?? MAX_MATCHES_PER_SEARCH;
    this.#kept = new ReadCache<Kept>(
      options.ttlMs ?? SEARCH_MATCHES_MS,
      MAX_SEARCHES_KEPT,
      Date.now,
      (kept) => 1 + (kept.matches?.size ?? 0),
      MAX_MATCHES_KEPT,
    );
    this.#rows = new ReadCache<PackageRowWithRelations>(options.rowsTtlMs, MAX_ROWS_KEPT);
  }

  readonly maxMatchesPerSearch: number;

  invalidate(): void {
    this.#kept.invalidate();
    this.#rows.invalidate();
    this.#loading.clear();
  }

  /**
   * What a search with these filters would be answered from (`words`: its words, searchWords),
   * or undefined when it is PostgreSQL's to answer.
   */
  static matchSet(filters: PackageFilters, words: string[]): MatchSet | undefined {
    // A day's availability changes with bookings and blocked days, which do not drop kept matches.
    if (filters.includeUnlisted || filters.location || filters.date) return undefined;
    if (words.length > 0) return { words };
    // Text without a word of three letters is a substring search: PostgreSQL's.
    if (!filters.q && filters.category) return { category: filters.category };
    return undefined;
  }

  /**
   * One page of the packages of `set` that pass `filters`, in `sort`'s order, with the exact
   * total; undefined when the set has too many packages to keep.
   */
  async page(
    db: Queryable,
    set: MatchSet,
    options: { filters: PackageFilters; sort: PackageSort; limit: number; offset: number },
  ): Promise<{ rows: PackageRowWithRelations[]; total: SearchTotal } | undefined> {
    const { matches } = await this.#find(db, set);
    if (!matches) return undefined;
    const { filters } = options;
    const category = filters.category ? matches.nameAt(filters.category) : undefined;
    const planner = filters.planner ? matches.nameAt(filters.planner) : undefined;
    // In cents, as the database compares them (filterConditions).
    const minPrice =
      filters.minPrice === undefined ? Number.NEGATIVE_INFINITY : centsAtLeast(filters.minPrice);
    const maxPrice =
      filters.maxPrice === undefined ? Number.POSITIVE_INFINITY : centsAtMost(filters.maxPrice);
    const ids: string[] = [];
    const end = options.offset + options.limit;
    const passes = (i: number) => {
      const price = matches.price[i] as number;
      return (
        price >= minPrice &&
        price <= maxPrice &&
        (category === undefined || matches.category[i] === category) &&
        (planner === undefined || matches.planner[i] === planner) &&
        passesMinRating(matches.ratingAvg[i] as number, filters.minRating)
      );
    };
    // The total of a price range (in a category) from the sorted prices; the page by walking the
    // order only as far as its last row. A planner's packages, and those above a rating, are
    // counted one by one.
    let total = 0;
    if (category === -1 || planner === -1) {
      // A category or planner none of the matches has: nothing to look at.
    } else if (planner === undefined && filters.minRating === undefined) {
      total = matches.countPrices(category, minPrice, maxPrice);
      let seen = 0;
      for (const i of options.offset < total ? matches.order(options.sort) : []) {
        if (!passes(i)) continue;
        if (seen >= options.offset) ids.push(matches.ids[i] as string);
        seen += 1;
        if (seen >= end) break;
      }
    } else {
      for (const i of matches.order(options.sort)) {
        if (!passes(i)) continue;
        if (total >= options.offset && total < end) ids.push(matches.ids[i] as string);
        total += 1;
      }
    }
    return { rows: await this.#rowsOf(db, ids), total: { total, capped: false } };
  }

  /** The listed ones of these packages, in this order: the kept ones, the others read. */
  async #rowsOf(db: Queryable, ids: string[]): Promise<PackageRowWithRelations[]> {
    const byId = new Map<string, PackageRowWithRelations>();
    const missing: string[] = [];
    for (const id of ids) {
      const kept = this.#rows.get(id);
      if (kept) byId.set(id, kept);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const since = this.#rows.generation;
      for (const row of await findListedPackagesByIds(db, missing)) {
        byId.set(row.package.id, row);
        this.#rows.set(row.package.id, row, since);
      }
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  #find(db: Queryable, set: MatchSet): Promise<Kept> {
    const key = 'words' in set ? `q ${set.words.join(' ')}` : `c ${set.category}`;
    const kept = this.#kept.get(key);
    if (kept) return Promise.resolve(kept);
    const since = this.#kept.generation;
    const loadingKey = `${since} ${key}`;
    let loading = this.#loading.get(loadingKey);
    if (!loading) {
      const limit = this.maxMatchesPerSearch + 1;
      const read =
        'words' in set ? findWordMatches(db, set.words, limit) : findCategoryMatches(db, set.category, limit);
      loading = read.then((rows) => {
        const found: Kept = {
          matches: rows.length > this.maxMatchesPerSearch ? undefined : new Matches(rows),
        };
        this.#kept.set(key, found, since);
        return found;
      });
      this.#loading.set(loadingKey, loading);
      const forget = () => {
        if (this.#loading.get(loadingKey) === loading) this.#loading.delete(loadingKey);
      };
      loading.then(forget, forget);
    }
    return loading;
  }
}
