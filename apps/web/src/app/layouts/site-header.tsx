import { authMessages, layoutMessages } from '@sherehe/shared/messages';
import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { RoleBadge } from '@/components/ui/role-badge';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { LanguageSwitch } from './language-switch';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex min-h-11 items-center rounded-lg px-3 font-medium',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  );

/** Top bar (docs/product-spec.md#shared-chrome); collapses into a menu button below the md breakpoint. */
export function SiteHeader() {
  const { isLoggedIn, isChecking, user, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const location = useLocation();
  const { pathname } = location;
  const menuId = useId();

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [pathname]);

  async function handleLogout() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  }

  const links = [
    { to: paths.home.getHref(), label: layoutMessages.home, end: true },
    { to: paths.packages.getHref(), label: layoutMessages.packages },
    { to: paths.pricing.getHref(), label: layoutMessages.pricing },
    ...(isLoggedIn
      ? [
          { to: paths.dashboard.root.getHref(), label: layoutMessages.dashboard },
          { to: paths.profile.getHref(), label: layoutMessages.profile },
        ]
      : []),
  ];

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={layoutMessages.mainNav}
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 px-4 py-2"
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenuOpen(false);
        }}
      >
        <Logo />
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold text-stone-800 hover:bg-stone-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          {layoutMessages.menu}
        </button>
        <div
          id={menuId}
          className={cx(
            'w-full flex-col gap-2 pb-3 md:flex md:w-auto md:flex-row md:items-center md:gap-6 md:pb-0',
            menuOpen ? 'flex' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-1 md:flex-row">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex min-h-11 flex-wrap items-center gap-3 border-t border-stone-200 pt-3 md:border-0 md:pt-0">
            <LanguageSwitch />
            {isChecking ? null : isLoggedIn && user ? (
              <>
                <span className="flex items-center gap-2">
                  {user.profilePictureThumb ? (
                    // Decorative: the name is written next to it.
                    <img
                      src={user.profilePictureThumb}
                      alt=""
                      width={32}
                      height={32}
                      className="size-8 rounded-full bg-stone-100 object-cover"
                    />
                  ) : null}
                  <span className="max-w-40 truncate font-medium text-stone-900">{user.username}</span>
                  <RoleBadge role={user.role} />
                </span>
                <Button variant="secondary" onClick={handleLogout} disabled={loggingOut}>
                  {layoutMessages.logout}
                </Button>
              </>
            ) : (
              // Login opens the login form; a client comes back to this page afterwards.
              <ButtonLink to={paths.login.getHref({ mode: 'login' })} state={{ from: location }}>
                {authMessages.login}
              </ButtonLink>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
