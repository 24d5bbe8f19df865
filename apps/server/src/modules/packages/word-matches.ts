// The catalogue's searches by words, answered from memory (issue 18): each set of words' matches,
// best match first, kept like the read cache's answers (docs/decisions/010, decision 019), so every
// price range, category, sort and page of one word is filtered here and only the page's rows are
// read from the database.
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
/** The kept matches together (about 100 bytes each: 20 MB at most). */
const MAX_MATCHES_KEPT = 200_000;
/** Different sets of words kept at most. */
const MAX_SEARCHES_KEPT = 2_000;

interface KeptMatches {
  /** Best match first, as PostgreSQL ranks them (ties newest first); undefined: too many. */
  byRelevance: WordMatch[] | undefined;
  /** The same matches in the catalogue's other orders, made on first use. */
  sorted: Map<PackageSort, WordMatch[]>;
}

const newest = (a: WordMatch, b: WordMatch) =>
  b.createdMicros - a.createdMicros || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The orders of packages-search.queries.ts's `orderBy`, on the kept matches. */
const ORDERS: Record<Exclude<PackageSort, 'relevance'>, (a: WordMatch, b: WordMatch) => number> = {
  newest,
  price_asc: (a, b) => a.price - b.price || newest(a, b),
  price_desc: (a, b) => b.price - a.price || newest(a, b),
  rating: (a, b) => b.ratingAvg - a.ratingAvg || b.ratingCount - a.ratingCount || newest(a, b),
  featured: (a, b) => Number(b.featured) - Number(a.featured) || newest(a, b),
};

function inOrder(kept: KeptMatches & { byRelevance: WordMatch[] }, sort: PackageSort): WordMatch[] {
  if (sort === 'relevance') return kept.byRelevance;
  let list = kept.sorted.get(sort);
  if (!list) {
    list = [...kept.byRelevance].sort(ORDERS[sort]);
    kept.sorted.set(sort, list);
  }
  return list;
}

function matchesFilters(match: WordMatch, filters: PackageFilters): boolean {
  return (
    (!filters.category || match.categoryId === filters.category) &&
    (!filters.planner || match.plannerId === filters.planner) &&
    (filters.minPrice === undefined || match.price >= filters.minPrice) &&
    (filters.maxPrice === undefined || match.price <= filters.maxPrice)
  );
}

/**
 * Searches by words answered from kept matches. Which searches: the public catalogue's (never an
 * admin's with unlisted packages), without a location (its substring match stays PostgreSQL's).
 * A write drops every kept match (the read cache's `track`); a search read before a write is not
 * kept (the generation of lib/read-cache.ts).
 */
export class WordMatchesCache {
  readonly #kept: ReadCache<KeptMatches>;
  /** The searches being read, so a hundred people asking for one word cost one read. */
  readonly #loading = new Map<string, Promise<KeptMatches>>();

  constructor(
    ttlMs: number,
    readonly maxMatchesPerSearch = MAX_MATCHES_PER_SEARCH,
  ) {
    this.#kept = new ReadCache<KeptMatches>(
      ttlMs,
      MAX_SEARCHES_KEPT,
      Date.now,
      (kept) => 1 + (kept.byRelevance?.length ?? 0),
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
    const kept = await this.#find(db, words);
    const { byRelevance } = kept;
    if (!byRelevance) return undefined;
    const ids: string[] = [];
    let total = 0;
    const end = options.offset + options.limit;
    for (const match of inOrder({ ...kept, byRelevance }, options.sort)) {
      if (!matchesFilters(match, options.filters)) continue;
      if (total >= options.offset && total < end) ids.push(match.id);
      total += 1;
    }
    const found = await findListedPackagesByIds(db, ids);
    const byId = new Map(found.map((row) => [row.package.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return { rows, total: { total, capped: false } };
  }

  #find(db: Queryable, words: string[]): Promise<KeptMatches> {
    const key = words.join(' ');
    const kept = this.#kept.get(key);
    if (kept) return Promise.resolve(kept);
    const since = this.#kept.generation;
    const loadingKey = `${since} ${key}`;
    let loading = this.#loading.get(loadingKey);
    if (!loading) {
      loading = findWordMatches(db, words, this.maxMatchesPerSearch + 1).then((matches) => {
        const found: KeptMatches = {
          byRelevance: matches.length > this.maxMatchesPerSearch ? undefined : matches,
          sorted: new Map(),
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
