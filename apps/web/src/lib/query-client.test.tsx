import { dehydrate, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryClient } from './query-client';
import { SSR_STATE_ID, serializeSsrState } from './ssr-state';

afterEach(() => {
  document.getElementById(SSR_STATE_ID)?.remove();
});

describe('the query cache a server-rendered page starts with', () => {
  it('is not fetched again on arrival, though the page was rendered ten minutes before', async () => {
    // A page stored ahead: rendered ten minutes ago, still true (no write changed it since).
    const server = createQueryClient();
    const key = ['packages', 'detail', 'p1'];
    server.setQueryData(key, { title: 'Garden wedding' }, { updatedAt: Date.now() - 10 * 60_000 });
    const script = document.createElement('script');
    script.id = SSR_STATE_ID;
    script.type = 'application/json';
    script.textContent = serializeSsrState({ user: null, loads: {}, queries: dehydrate(server) });
    document.body.append(script);

    const client = getQueryClient();
    const fetchAgain = vi.fn(async () => ({ title: 'Fetched again' }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useQuery({ queryKey: key, queryFn: fetchAgain }), { wrapper });
    expect(result.current.data).toEqual({ title: 'Garden wedding' });
    // A fetch would start at once, on mount: give it the chance.
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchAgain).not.toHaveBeenCalled();
    expect(result.current.data).toEqual({ title: 'Garden wedding' });
  });
});
