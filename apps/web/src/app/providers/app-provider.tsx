import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { SessionProvider } from './session-provider';
import { ToastHost } from './toast-host';

// The chat's socket and its code load only once someone is logged in (STACK.md trap 14).
const ChatConnector = lazy(() => import('@/features/chat/components/chat-connector'));

function ChatHost() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <ChatConnector />
    </Suspense>
  );
}

/** Everything the pages rely on; sits inside the router. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        {children}
        <ChatHost />
        <ToastHost />
      </SessionProvider>
    </QueryClientProvider>
  );
}
