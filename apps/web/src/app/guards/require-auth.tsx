import { layoutMessages } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

interface RequireAuthProps {
  /** Roles allowed in; any logged-in user when absent. */
  roles?: readonly Role[];
  children?: ReactNode;
}

/** Route guard (docs/product-spec.md#session-and-sign-in): guests go to /login, the wrong role to /unauthorized. */
export function RequireAuth({ roles, children }: RequireAuthProps) {
  const { isChecking, isLoggedIn, user } = useSession();
  const location = useLocation();

  // Not a redirect while the session is unknown: a logged-in user must not bounce to /login.
  if (isChecking) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-10">
        <Skeleton layout="list" label={layoutMessages.checkingSession} />
      </div>
    );
  }
  if (!isLoggedIn || !user) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref({ mode: 'login', next })} replace />;
  }
  if (roles && !roles.includes(user.role)) {
    return <Navigate to={paths.unauthorized.getHref(roles.join(' or '), user.role)} replace />;
  }
  return children ?? <Outlet />;
}
