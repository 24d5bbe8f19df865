import {
  calendarPagesMessages,
  dashboardMessages,
  jobsMessages,
  paymentPagesMessages,
} from '@sherehe/shared/messages';
import { auditMessages } from '@sherehe/shared/messages/audit';
import { refundsMessages } from '@sherehe/shared/messages/refunds';
import type { Role } from '@sherehe/shared/roles';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { calendarPageHref } from '@/features/calendar/api/calendar-paths';
import { cx } from '@/lib/class-names';

interface MenuEntry {
  to: string;
  label: string;
  roles: readonly Role[];
  /** Key of a badge the layout may pass in (the unread-message count of the bookings entry). */
  badgeKey?: 'bookings';
}

/** Only entries whose pages exist for the role. */
const ENTRIES: readonly MenuEntry[] = [
  { to: paths.dashboard.packages.getHref(), label: dashboardMessages.packages, roles: ['planner', 'admin'] },
  // Category writes are admin-only: a planner who opens the route sees Access Denied, so it is not offered.
  { to: paths.dashboard.categories.getHref(), label: dashboardMessages.categories, roles: ['admin'] },
  {
    to: paths.dashboard.bookings.getHref(),
    label: dashboardMessages.bookings,
    roles: ['client', 'planner', 'admin'],
    badgeKey: 'bookings',
  },
  { to: calendarPageHref(), label: calendarPagesMessages.title, roles: ['client', 'planner', 'admin'] },
  {
    to: paths.dashboard.payments.getHref(),
    label: paymentPagesMessages.title,
    roles: ['planner', 'admin'],
  },
  { to: '/dashboard/earnings', label: refundsMessages.earningsTitle, roles: ['planner', 'admin'] },
  { to: '/dashboard/payouts', label: refundsMessages.payoutsTitle, roles: ['admin'] },
  {
    to: paths.dashboard.analytics.getHref(),
    label: dashboardMessages.analytics,
    roles: ['planner', 'admin'],
  },
  { to: paths.dashboard.users.getHref(), label: dashboardMessages.users, roles: ['admin'] },
  { to: paths.dashboard.messages.getHref(), label: dashboardMessages.messages, roles: ['admin'] },
  { to: paths.dashboard.jobs.getHref(), label: jobsMessages.title, roles: ['admin'] },
  { to: '/dashboard/audit', label: auditMessages.title, roles: ['admin'] },
];

export function dashboardMenuEntries(role: Role): MenuEntry[] {
  return ENTRIES.filter((entry) => entry.roles.includes(role));
}

interface DashboardMenuProps {
  role: Role;
  badges?: Partial<Record<'bookings', ReactNode>>;
  onNavigate?: () => void;
}

export function DashboardMenu({ role, badges, onNavigate }: DashboardMenuProps) {
  return (
    <nav aria-label={dashboardMessages.nav}>
      <ul className="space-y-1">
        {dashboardMenuEntries(role).map((entry) => {
          const badge = entry.badgeKey ? badges?.[entry.badgeKey] : undefined;
          return (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cx(
                    'flex min-h-11 items-center gap-3 rounded-xl px-4 font-medium',
                    isActive
                      ? 'bg-brand-600 text-white'
                      : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
                  )
                }
              >
                <span>{entry.label}</span>
                {badge ? <span className="ml-auto">{badge}</span> : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
