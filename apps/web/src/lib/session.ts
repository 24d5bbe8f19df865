import type { User } from '@sherehe/shared/schemas/users';
import { createContext, useContext } from 'react';

/** The session context (docs/product-spec.md#session-and-sign-in): logged-in flag, user, their setters, a reload, the backend address. */
export interface Session {
  isLoggedIn: boolean;
  /** The signed-in user; null when absent. */
  user: User | null;
  /** True until the first "am I logged in?" answer has come back. */
  isChecking: boolean;
  setIsLoggedIn: (value: boolean) => void;
  setUser: (user: User | null) => void;
  /** Fetches the user again: 401 logs out silently, other failures toast their message. */
  reloadUser: () => Promise<void>;
  /** After login or registration: keeps the token, marks the session logged in and reloads the user. */
  signIn: (token: string, user: User) => Promise<void>;
  /** Ends the session on the server and here, then goes home. */
  logout: () => Promise<void>;
  backendUrl: string;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
