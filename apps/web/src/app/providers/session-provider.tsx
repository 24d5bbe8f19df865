import { authMessages } from '@sherehe/shared/messages';
import type { User } from '@sherehe/shared/schemas/users';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE_URL, paths } from '@/config/paths';
import { getAuthState } from '@/features/auth/api/get-auth-state';
import { getUserData } from '@/features/auth/api/get-user-data';
import { logout as logoutRequest } from '@/features/auth/api/logout';
import { errorMessage, isApiError } from '@/lib/api-client';
import { clearStoredToken, getStoredToken, storeToken } from '@/lib/auth-token';
import { type Session, SessionContext } from '@/lib/session';
import { emitSessionEnd } from '@/lib/session-events';
import { notifyError, notifySuccess } from '@/lib/toast';

interface SessionProviderProps {
  children: ReactNode;
  /**
   * Who the server rendered the page for (null: a guest); undefined when the page was not
   * rendered on the server and the browser has to ask.
   */
  initialUser?: User | null | undefined;
}

/** Holds who is logged in (docs/product-spec.md#session-and-sign-in). Must sit inside the router: logout navigates home. */
export function SessionProvider({ children, initialUser }: SessionProviderProps) {
  const navigate = useNavigate();
  const known = initialUser !== undefined;
  const [isLoggedIn, setLoggedIn] = useState(Boolean(initialUser));
  const [user, setUserState] = useState<User | null>(initialUser ?? null);
  const [isChecking, setIsChecking] = useState(!known);
  // Bumped by every deliberate change, so a late start-up answer cannot undo a login made meanwhile.
  const changes = useRef(0);

  const setIsLoggedIn = useCallback((value: boolean) => {
    changes.current += 1;
    setLoggedIn(value);
  }, []);

  const setUser = useCallback((value: User | null) => {
    changes.current += 1;
    setUserState(value);
  }, []);

  const clearSession = useCallback(() => {
    changes.current += 1;
    setUserState(null);
    setLoggedIn(false);
  }, []);

  // StrictMode runs the start-up effect twice on the same component: both runs share one request.
  const startup = useRef<ReturnType<typeof getAuthState> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the start-up check runs once
  useEffect(() => {
    // The server has said who is signed in. A guest page is still checked when this browser keeps
    // a token of its own, which the server (seeing only the cookie) could not know about.
    if (known && (initialUser || !getStoredToken())) return;
    let active = true;
    const at = changes.current;
    const current = () => active && changes.current === at;
    startup.current ??= getAuthState();
    startup.current
      .then(
        (reply) => {
          if (!current()) return;
          if (reply.success) {
            setUserState(reply.user);
            setLoggedIn(true);
          } else {
            clearStoredToken();
            setUserState(null);
            setLoggedIn(false);
          }
        },
        () => {
          // Any failure: a guest, silently (docs/product-spec.md#session-and-sign-in).
          if (!current()) return;
          setUserState(null);
          setLoggedIn(false);
        },
      )
      .finally(() => {
        if (active) setIsChecking(false);
      });
    return () => {
      active = false;
    };
  }, []);

  const reloadUser = useCallback(async () => {
    try {
      const reply = await getUserData();
      changes.current += 1;
      setUserState(reply.userData);
      setLoggedIn(true);
    } catch (error) {
      if (isApiError(error) && error.status === 401) clearSession();
      else notifyError(errorMessage(error));
    }
  }, [clearSession]);

  const signIn = useCallback(
    async (token: string, signedIn: User) => {
      storeToken(token);
      changes.current += 1;
      setUserState(signedIn);
      setLoggedIn(true);
      setIsChecking(false);
      await reloadUser();
    },
    [reloadUser],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      // The httpOnly cookie can only be cleared by the server: say so rather than pretend.
      notifyError(errorMessage(error));
      return;
    }
    clearStoredToken();
    // React Router applies navigations as transitions. Clearing the session in the same transition
    // means a guarded page never renders logged-out (which would send the visitor to /login).
    startTransition(() => {
      navigate(paths.home.getHref());
      clearSession();
    });
    emitSessionEnd();
    notifySuccess(authMessages.loggedOut);
  }, [clearSession, navigate]);

  const value = useMemo<Session>(
    () => ({
      isLoggedIn,
      user,
      isChecking,
      setIsLoggedIn,
      setUser,
      reloadUser,
      signIn,
      logout,
      backendUrl: API_BASE_URL,
    }),
    [isLoggedIn, user, isChecking, setIsLoggedIn, setUser, reloadUser, signIn, logout],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
