import { useEffect, useEffectEvent } from 'react';

/**
 * A page past the end of a paged list (an old link, or the last item of the last page deleted or
 * retried away) shows the last page instead: `jump` replaces the page in the URL. `lastPage` is null
 * while it is not known (loading, or the previous query's answer shown as a placeholder).
 */
export function useJumpToLastPage(page: number, lastPage: number | null, jump: (lastPage: number) => void) {
  const onPastTheEnd = useEffectEvent(jump);
  useEffect(() => {
    if (lastPage !== null && page > lastPage) onPastTheEnd(lastPage);
  }, [page, lastPage]);
}
