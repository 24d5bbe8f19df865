// The catalogue's searches by words, answered from memory (issue 18, decision 019): each set of
// words' matches, best match first, kept until a write (or a minute), so every price range,
// category, sort and page of one word is filtered here and only the page's rows are read from the
// database.
import type { PackageSort } from '@sherehe/shared/schemas/packages';
import type { Queryable } from '../../db/client';
import { ReadCache } from '../../lib/read-cache';
import type { PackageRowWithRelations } from './packages.queries';
import {
  findListedPackagesByIds,
  findWordMatches,
  type PackageFilters,
  type SearchTotal,
  type WordMatch,
} from './packages-search.queries';

/** A set of words matching more packages than this is searched in the database each time. */
export const MAX_MATCHES_PER_SEARCH = 50_000;
/** The kept matches together: about 100 bytes each, 40 MB at most. */
const MAX_MATCHES_KEPT = 400_000;
/** Different sets of words kept at most. */
const MAX_SEARCHES_KEPT = 5_000;
/**
 * How long a set of words' matches is kept when no write comes. Every write through the API drops
 * them at once, here and on the other processes; this bounds how late a change made outside the
 * API (a script, `psql`) shows in searches by words.
 */
export const WORD_MATCHES_MS = 60_000;

/**
 * One search's matches, column by column (a few typed arrays instead of an object per match: half
 * the memory), position 0 the best match as PostgreSQL ranks them (ties newest first).
 */
class Matches {
  readonly ids: string[];
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

  constructor(rows: WordMatch[]) {
    const n = rows.length;
    this.ids = rows.map((row) => row.id);
    this.price = Float64Array.from(rows, (row) => row.price);
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

  /** The matches' positions in `sort`'s order (packages-search.queries.ts's `orderBy`). */
  order(sort: PackageSort): Int32Array {
    let order = this.#orders.get(sort);
    if (!order) {
      const compare = this.#comparator(sort);
      order = Int32Array.from({ length: this.size }, (_, i) => i).sort(compare);
      this.#orders.set(sort, order);
    }
    return order;
  }

  #comparator(sort: PackageSort): (a: number, b: number) => number {
    const { ids, price, ratingAvg, ratingCount, featured, createdMicros } = this;
    const newest = (a: number, b: number) =>
      (createdMicros[b] as number) - (createdMicros[a] as number) ||
      ((ids[a] as string) < (ids[b] as string) ? 1 : (ids[a] as string) > (ids[b] as string) ? -1 : 0);
    const at = (column: ArrayLike<number>, i: number) => column[i] as number;
    switch (sort) {
      case 'price_asc':
        return (a, b) => at(price, a) - at(price, b) || newest(a, b);
      case 'price_desc':
        return (a, b) => at(price, b) - at(price, a) || newest(a, b);
      case 'rating':
        return (a, b) =>
          at(ratingAvg, b) - at(ratingAvg, a) || at(ratingCount, b) - at(ratingCount, a) || newest(a, b);
      case 'featured':
        return (a, b) => at(featured, b) - at(featured, a) || newest(a, b);
      default:
        return newest;
    }
  }
}

/** A kept search: its matches, or undefined when the words match too many packages to keep. */
interface Kept {
  matches: Matches | undefined;
}

/**
 * Searches by words answered from kept matches. Which searches: the public catalogue's (never an
 * admin's with unlisted packages), without a location (its substring match stays PostgreSQL's).
 * A write drops every kept match (the read cache's `track`); a search read before a write is not
 * kept (the generation of lib/read-cache.ts). The page's rows are read with `listed` checked again,
 * so a package that left the catalogue outside the API is never shown.
 */
export class WordMatchesCache {
  readonly #kept: ReadCache<Kept>;
  /** The searches being read, so a hundred people asking for one word cost one read. */
  readonly #loading = new Map<string, Promise<Kept>>();

  constructor(
    ttlMs = WORD_MATCHES_MS,
    readonly maxMatchesPerSearch = MAX_MATCHES_PER_SEARCH,
  ) {
    this.#kept = new ReadCache<Kept>(
      ttlMs,
      MAX_SEARCHES_KEPT,
      Date.now,
      (kept) => 1 + (kept.matches?.size ?? 0),
      MAX_MATCHES_KEPT,
    );
  }

  invalidate(): void {
    this.#kept.invalidate();
    this.#loading.clear();
  }

  /** Whether this cache answers a search with these filters. */
  static answers(filters: PackageFilters): boolean {
    return !filters.includeUnlisted && !filters.location;
  }

  /**
   * One page of the packages matching `words` and `filters`, in `sort`'s order, with the exact
   * total; undefined when the words match too many packages to keep.
   */
  async page(
    db: Queryable,
    words: string[],
    options: { filters: PackageFilters; sort: PackageSort; limit: number; offset: number },
  ): Promise<{ rows: PackageRowWithRelations[]; total: SearchTotal } | undefined> {
    const { matches } = await this.#find(db, words);
    if (!matches) return undefined;
    const { filters } = options;
    const category = filters.category ? matches.nameAt(filters.category) : undefined;
    const planner = filters.planner ? matches.nameAt(filters.planner) : undefined;
    const minPrice = filters.minPrice ?? Number.NEGATIVE_INFINITY;
    const maxPrice = filters.maxPrice ?? Number.POSITIVE_INFINITY;
    const ids: string[] = [];
    let total = 0;
    // A category or planner none of the matches has: nothing to look at.
    if (category !== -1 && planner !== -1) {
      const end = options.offset + options.limit;
      for (const i of matches.order(options.sort)) {
        const price = matches.price[i] as number;
        if (price < minPrice || price > maxPrice) continue;
        if (category !== undefined && matches.category[i] !== category) continue;
        if (planner !== undefined && matches.planner[i] !== planner) continue;
        if (total >= options.offset && total < end) ids.push(matches.ids[i] as string);
        total += 1;
      }
    }
    const found = await findListedPackagesByIds(db, ids);
    const byId = new Map(found.map((row) => [row.package.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return { rows, total: { total, capped: false } };
  }

  #find(db: Queryable, words: string[]): Promise<Kept> {
    const key = words.join(' ');
    const kept = this.#kept.get(key);
    if (kept) return Promise.resolve(kept);
    const since = this.#kept.generation;
    const loadingKey = `${since} ${key}`;
    let loading = this.#loading.get(loadingKey);
    if (!loading) {
      loading = findWordMatches(db, words, this.maxMatchesPerSearch + 1).then((rows) => {
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
