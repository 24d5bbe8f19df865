import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/providers/app-provider';
import { QueryProvider } from '@/app/providers/query-provider';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders inside the app's providers and a memory router at `route`. */
export function renderWithApp(
  ui: ReactNode,
  { route = '/' }: { route?: string | { pathname: string; search?: string; state?: unknown } } = {},
) {
  const queryClient = createTestQueryClient();
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <QueryProvider client={queryClient}>
        <AppProvider>{ui}</AppProvider>
      </QueryProvider>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}
