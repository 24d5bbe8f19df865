/**
 * Paging of every list the API returns. A list is paged on the server when the request names a
 * page or a limit; without either it returns up to `UNPAGED_LIMIT` rows and no totals, so a client
 * that filters and pages on its own still works (and a list cannot grow without bound).
 */

/** The most rows an unpaged list returns. */
export const UNPAGED_LIMIT = 1000;

/** The paging parameters of a list request (`pageQuerySchema` in the shared schemas). */
export interface PageQuery {
  page?: number | undefined;
  limit?: number | undefined;
}

/** Which rows a request asks for. */
export interface PageWindow {
  /** Whether the request is paged (and so wants `total`, `page` and `pages`). */
  paged: boolean;
  page: number;
  size: number;
  limit: number;
  offset: number;
}

/** What a paged answer says about the whole list. */
export interface PageInfo {
  total: number;
  page: number;
  pages: number;
}

/**
 * The rows a request asks for: `defaultSize` per page when it names only a page. `alwaysPaged`
 * lists (the admin's job list) are paged even when the request names neither.
 */
export function pageWindow(
  query: PageQuery,
  options: { defaultSize: number; alwaysPaged?: boolean },
): PageWindow {
  const paged = options.alwaysPaged === true || query.page !== undefined || query.limit !== undefined;
  const size = paged ? (query.limit ?? options.defaultSize) : UNPAGED_LIMIT;
  const page = query.page ?? 1;
  return { paged, page, size, limit: size, offset: (page - 1) * size };
}

/** The totals of a paged answer: an empty list still has one (empty) page. */
export function pageInfo(window: PageWindow, total: number): PageInfo {
  return { total, page: window.page, pages: Math.max(1, Math.ceil(total / window.size)) };
}
