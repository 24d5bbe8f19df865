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
    if (fromServer) hydrate(shared, asOfArrival(fromServer as DehydratedState));
  }
  return shared;
}

/**
 * The server's answers as of the page's arrival, however long ago it was rendered: a page stored
 * ahead is served only while no write has changed what it shows (docs/decisions/023), so the app
 * need not fetch its data again because the rendering is more than `staleTime` old.
 */
function asOfArrival(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'success' ? { ...query, state: { ...query.state, dataUpdatedAt: now } } : query,
    ),
  };
}
