import { type ComponentType, lazy } from 'react';

/**
 * A page in its own chunk, loaded together with the query cache it uses: both start at once, so
 * taking the cache off the home page (docs/decisions/008) costs no extra round trip elsewhere.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: Page }, { QueryProvider }] = await Promise.all([
      load(),
      import('./providers/query-provider'),
    ]);
    return {
      default: function WithQueries() {
        return (
          <QueryProvider>
            <Page />
          </QueryProvider>
        );
      },
    };
  });
}
