import type { User } from '@sherehe/shared/schemas/users';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '@/lib/session';
import { SessionProvider } from './session-provider';
import { ToastHost } from './toast-host';

// The chat's socket and its code load only once someone is logged in (docs/stack.md, Bundle size and first paint).
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

/**
 * Everything every page relies on; sits inside the router. The query cache is not here: the pages
 * that use it bring it along (`lazyPage`, docs/decisions/008), so the home page loads without it.
 */
export function AppProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  /** Who the server rendered the page for (see SessionProvider). */
  initialUser?: User | null | undefined;
}) {
  return (
    <SessionProvider initialUser={initialUser}>
      {children}
      <ChatHost />
      <ToastHost />
    </SessionProvider>
  );
}
