import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from './session-provider';
import { ToastHost } from './toast-host';

/** Everything the pages rely on; sits inside the router. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        {children}
        <ToastHost />
      </SessionProvider>
    </QueryClientProvider>
  );
}
