import { packagePagesMessages } from '@sherehe/shared/messages';
import type { ListPackagesQuery, PackageSort } from '@sherehe/shared/schemas/packages';
import { useListParams } from '@/lib/use-list-params';

/** Six packages a page on the public browse page (docs/product-spec.md#constants-and-limits). */
export const BROWSE_PAGE_SIZE = 6;

/** The sorts offered on the browse page ('featured' is the home page's). */
export const BROWSE_SORTS = [
  { value: 'newest', label: packagePagesMessages.sorts.newest },
  { value: 'price_asc', label: packagePagesMessages.sorts.price_asc },
  { value: 'price_desc', label: packagePagesMessages.sorts.price_desc },
  { value: 'rating', label: packagePagesMessages.sorts.rating },
] as const satisfies ReadonlyArray<{ value: PackageSort; label: string }>;

export type BrowseSort = (typeof BROWSE_SORTS)[number]['value'];

/** Filters typed into text boxes: written to the URL after a pause in typing. */
export const TEXT_FILTERS = ['q', 'location', 'minPrice', 'maxPrice'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];
export type TextFilters = Record<TextFilter, string>;

/** The rating filter's choices: the average, as cards show it, at least this many stars. */
export const MIN_RATINGS = [4, 3, 2, 1] as const;

export interface BrowseState extends TextFilters {
  category: string;
  planner: string;
  /** "Free on": a day (YYYY-MM-DD), or ''. */
  date: string;
  /** '' (any rating) or one of MIN_RATINGS, as text. */
  minRating: string;
  sort: BrowseSort;
  page: number;
}

/**
 * What the browse page's URL says
 * (`?q=&category=&location=&minPrice=&maxPrice=&date=&minRating=&sort=&planner=&page=`).
 */
export function readBrowseState(params: URLSearchParams): BrowseState {
  const sortParam = params.get('sort');
  const sort = BROWSE_SORTS.find((option) => option.value === sortParam)?.value ?? 'newest';
  const page = Math.floor(Number(params.get('page')));
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    location: params.get('location') ?? '',
    minPrice: params.get('minPrice') ?? '',
    maxPrice: params.get('maxPrice') ?? '',
    planner: params.get('planner') ?? '',
    // Anything else in the address is left for the server to refuse, as a typed price is.
    date: params.get('date') ?? '',
    minRating: params.get('minRating') ?? '',
    sort,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** A price filter as typed: '' (none), or why it cannot be used. */
export function priceFilterProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return packagePagesMessages.enterNumber;
  if (value < 0) return packagePagesMessages.priceNegative;
  return null;
}

/** The server query for a state; unusable price filters are left out rather than sent. */
export function toListQuery(state: BrowseState): ListPackagesQuery & { problems: Partial<TextFilters> } {
  const problems: Partial<TextFilters> = {};
  const minProblem = priceFilterProblem(state.minPrice);
  const maxProblem = priceFilterProblem(state.maxPrice);
  if (minProblem) problems.minPrice = minProblem;
  if (maxProblem) problems.maxPrice = maxProblem;
  const min = minProblem || !state.minPrice.trim() ? undefined : state.minPrice.trim();
  let max = maxProblem || !state.maxPrice.trim() ? undefined : state.maxPrice.trim();
  if (min !== undefined && max !== undefined && Number(min) > Number(max)) {
    problems.maxPrice = packagePagesMessages.maxBelowMin;
    max = undefined;
  }
  const query: ListPackagesQuery & { problems: Partial<TextFilters> } = {
    page: state.page,
    limit: BROWSE_PAGE_SIZE,
    problems,
  };
  if (state.q.trim()) query.q = state.q.trim();
  if (state.category) query.category = state.category;
  if (state.location.trim()) query.location = state.location.trim();
  if (min !== undefined) query.minPrice = Number(min);
  if (max !== undefined) query.maxPrice = Number(max);
  if (state.planner) query.planner = state.planner;
  if (state.date) query.date = state.date;
  if (state.minRating) query.minRating = Number(state.minRating);
  if (state.sort !== 'newest') query.sort = state.sort;
  return query;
}

/** The sort the URL leaves out. */
const BROWSE_DEFAULTS = { defaults: { sort: 'newest' } };

/** The browse state in the URL, and a way to change it: a filter change goes back to page 1. */
export function useBrowseParams() {
  return useListParams(readBrowseState, BROWSE_DEFAULTS);
}
