import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * One page of a list the server pages: GET `url` under `queryKey` (its filters and page in the key),
 * shaped for the page by `select`. The page on screen stays while the next one, or other filters,
 * loads (no flash of skeletons while typing); `enabled: false` waits.
 */
export function usePagedList<TReply, TPage>(
  queryKey: QueryKey,
  url: string,
  select: (reply: TReply) => TPage,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<TReply>(url, signal),
    select,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A page's count and number of pages, when the server leaves them out: all of it, on one page. */
export function pagingOf(reply: { total?: number; pages?: number }, items: readonly unknown[]) {
  return { total: reply.total ?? items.length, pages: reply.pages ?? 1 };
}
