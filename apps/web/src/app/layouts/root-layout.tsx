import { layoutMessages } from '@sherehe/shared/messages';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { SiteHeader } from './site-header';

// Revealed only at the bottom of the page, so it need not be in the first paint's JS.
const SiteFooter = lazy(() => import('./site-footer').then((module) => ({ default: module.SiteFooter })));

export function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <Skeleton layout="list" label={layoutMessages.loadingPage} />
    </div>
  );
}

/**
 * Marks the document once the page answers to input: rendered inside the page's own boundary, its
 * effect runs when that part, the last to arrive, has been taken over (src/boot.ts waits for it).
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

/**
 * The server puts a shared page's tags in <head> (docs/seo.md): its canonical address, Open Graph,
 * JSON-LD. They describe the page the visit began on; once the app has moved elsewhere, they go.
 */
function dropLandingPageTags() {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical || new URL(canonical.href).pathname === window.location.pathname) return;
  const tags =
    'link[rel="canonical"],link[hreflang],meta[name="description"],meta[property],meta[name^="twitter:"],script[type="application/ld+json"]';
  for (const tag of document.head.querySelectorAll(tags)) tag.remove();
}

/** The chrome around every page: top bar, main content, footer (docs/product-spec.md#shared-chrome). */
export function RootLayout() {
  const { pathname } = useLocation();
  const onLogin = pathname === paths.login.getHref();
  const onDashboard =
    pathname === paths.dashboard.root.path || pathname.startsWith(`${paths.dashboard.root.path}/`);

  // A new page starts at its top, without the sharing tags of the page the visit began on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    window.scrollTo(0, 0);
    dropLandingPageTags();
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {layoutMessages.skipToContent}
      </a>
      {onLogin ? null : <SiteHeader />}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
          <HydrationMark />
        </Suspense>
      </main>
      {onLogin || onDashboard ? null : (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </div>
  );
}
