import { type QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect } from 'react';
import { getQueryClient } from '@/lib/query-client';
import { onSessionEnd } from '@/lib/session-events';

/**
 * The query cache for the pages that use it. It is not in the first page's JavaScript: the home
 * page loads without it and every other page brings it along (docs/decisions/008). Nested uses
 * share the outer client; a logout empties it.
 */
export function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const outer = useContext(QueryClientContext);
  const own = client ?? (outer ? undefined : getQueryClient());

  useEffect(() => {
    if (!own) return;
    return onSessionEnd(() => own.clear());
  }, [own]);

  if (!own) return children;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
