import { type DehydratedState, hydrate, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { takeSsrQueries } from './ssr-state';

/** Client errors (4xx) will not change on a retry; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The one cache of the running app, made when the first page that needs it loads; it starts with
 * what the server rendered the page with (lib/ssr-state.ts).
 */
export function getQueryClient(): QueryClient {
  if (!shared) {
    shared = createQueryClient();
    const fromServer = takeSsrQueries();
    if (fromServer) hydrate(shared, fromServer as DehydratedState);
  }
  return shared;
}
