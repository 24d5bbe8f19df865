import { formatDate } from '@sherehe/shared/dates';
import {
  dashboardMessages,
  layoutMessages,
  planPaymentsMessages,
  plansMessages,
} from '@sherehe/shared/messages';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { RoleBadge } from '@/components/ui/role-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { BookingsUnreadBadge } from '@/features/chat/components/bookings-unread-badge';
import { useSession } from '@/lib/session';
import { DashboardMenu } from './dashboard-menu';
import { LanguageSwitch } from './language-switch';

/** The dashboard's shared layout: a side menu on wide screens, a drawer on phones (docs/product-spec.md#screens-and-routes). */
export default function DashboardLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: any navigation (a menu link, Back) closes it,
  // without an effect that could race a tap made while the page was still settling.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = drawerPath === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerPath(open ? pathname : null);

  // The route guard only renders this layout for a logged-in user.
  if (!user) return null;

  // The unread chat messages of all the user's bookings (docs/product-spec.md#screens-and-routes).
  const badges = { bookings: <BookingsUnreadBadge /> };

  // Plans limit clients and planners only: an admin has no plan to see or change.
  const planCard =
    user.role === 'admin' ? null : (
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-4">
        <p className="text-sm text-stone-600">{dashboardMessages.yourPlan}</p>
        <p className="text-lg font-semibold text-stone-900">{plansMessages.planName(user.plan.name)}</p>
        {user.planUntil ? (
          <p className="text-sm text-stone-700">
            {planPaymentsMessages.activeUntil(formatDate(user.planUntil))}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-x-4">
          {user.planUntil ? (
            <TextLink
              to={`${paths.pricing.getHref()}?renew=${encodeURIComponent(user.plan._id)}`}
              strong
              className="mt-1"
            >
              {planPaymentsMessages.renew}
            </TextLink>
          ) : null}
          <TextLink to={paths.pricing.getHref()} className="mt-1">
            {dashboardMessages.changePlan}
          </TextLink>
        </div>
      </div>
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 gap-8 px-4 py-6 md:py-10">
      <aside className="hidden w-60 shrink-0 md:block">
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <span className="font-semibold text-stone-900">{user.username}</span>
          <RoleBadge role={user.role} />
        </div>
        <DashboardMenu role={user.role} badges={badges} />
        {planCard}
        <LanguageSwitch className="mt-4" />
      </aside>
      <div className="min-w-0 flex-1">
        <Button
          variant="secondary"
          className="mb-4 md:hidden"
          onClick={() => setDrawerOpen(true)}
          aria-haspopup="dialog"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
          {dashboardMessages.menu}
        </Button>
        <Suspense fallback={<Skeleton layout="list" label={layoutMessages.loadingPage} />}>
          <Outlet />
        </Suspense>
      </div>
      <Modal
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title={dashboardMessages.nav}
        placement="left"
      >
        <DashboardMenu role={user.role} badges={badges} onNavigate={() => setDrawerOpen(false)} />
        {planCard}
        <LanguageSwitch className="mt-4" />
      </Modal>
    </div>
  );
}
