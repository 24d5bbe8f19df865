import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, signedInAs, signedOut } from '@/test/fetch-mock';
import { makePackage, makeUser, PLANS } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { AppRoutes } from './router';

function asGuest() {
  mockFetch({
    ...signedOut(),
    'GET /api/plans': () => jsonResponse({ success: true, plans: PLANS }),
    'GET /api/packages': () => jsonResponse({ success: true, data: [], total: 0, page: 1, pages: 1 }),
  });
}

function as(role: 'client' | 'planner' | 'admin') {
  mockFetch(signedInAs(makeUser({ role })));
}

describe('routes and guards', () => {
  // Every page is a chunk loaded on first use: loaded here first, so a test's wait for its heading
  // is for the route, not for a cold transform of its page (which took over a second alone).
  beforeAll(async () => {
    await Promise.all([
      import('./providers/query-provider'),
      import('./routes/home-route'),
      import('@/features/auth/pages/login-page'),
      import('./layouts/dashboard-layout'),
      import('./routes/bookings-route'),
      import('@/features/packages/pages/manage-packages-page'),
      import('@/features/misc/pages/unauthorized-page'),
      import('@/features/misc/pages/not-found-page'),
      import('@/features/payments/pages/payments-page'),
      import('@/features/categories/pages/categories-page'),
      import('./routes/package-route'),
      import('./routes/public-profile-route'),
      import('@/features/profile/pages/profile-page'),
    ]);
  }, 60_000);

  it('sends a guest from the dashboard to the login form, to come back there', async () => {
    asGuest();
    renderWithApp(<AppRoutes />, { route: '/dashboard/bookings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(
      screen.getByText("Log in or create an account to continue; you'll come back to where you were."),
    ).toBeTruthy();
  });

  it.each([
    { role: 'client', landing: 'My Bookings', menu: 'BookingsCalendar' },
    {
      role: 'planner',
      landing: 'My Packages',
      menu: 'PackagesBookingsCalendarPaymentsEarningsAnalytics',
    },
    {
      role: 'admin',
      landing: 'All Packages',
      menu: 'PackagesCategoriesBookingsCalendarPaymentsEarningsPayoutsAnalyticsUsersMessagesBackground jobsAudit trail',
    },
  ] as const)(
    'lands a $role on $landing, with their entries in the menu',
    async ({ role, landing, menu }) => {
      as(role);
      renderWithApp(<AppRoutes />, { route: '/dashboard' });
      expect(await screen.findByRole('heading', { level: 1, name: landing })).toBeTruthy();
      const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0] as HTMLElement;
      expect(nav.textContent).toBe(menu);
    },
  );

  it('shows a planner their plan with Change plan, and an admin no plan at all', async () => {
    as('planner');
    const planner = renderWithApp(<AppRoutes />, { route: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'My Packages' });
    expect(screen.getAllByText('Your plan').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Change plan' }).length).toBeGreaterThan(0);
    planner.unmount();

    as('admin');
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'All Packages' });
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change plan' })).toBeNull();
  });

  it.each([
    { role: 'client', page: 'an admin page', route: '/dashboard/users' },
    { role: 'planner', page: 'the background jobs, an admin page', route: '/dashboard/jobs' },
    { role: 'planner', page: 'the audit trail, an admin page', route: '/dashboard/audit' },
  ] as const)('sends a $role away from $page with the roles explained', async ({ role, route }) => {
    as(role);
    renderWithApp(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient Permissions' })).toBeTruthy();
    expect(
      screen.getByText(`You need admin permissions to access this page. Your current role is ${role}.`),
    ).toBeTruthy();
  });

  it('opens Payments for a planner and sends a client away from it', async () => {
    mockFetch({
      ...signedInAs(makeUser({ role: 'planner' })),
      'GET /api/payments': () =>
        jsonResponse({
          success: true,
          payments: [],
          total: 0,
          page: 1,
          pages: 0,
          summary: { received: 0, fees: 0, net: 0, count: 0 },
        }),
    });
    const first = renderWithApp(<AppRoutes />, { route: '/dashboard/payments' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
    first.unmount();

    as('client');
    renderWithApp(<AppRoutes />, { route: '/dashboard/payments' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient Permissions' })).toBeTruthy();
    expect(
      screen.getByText(
        'You need planner or admin permissions to access this page. Your current role is client.',
      ),
    ).toBeTruthy();
  });

  it('shows Access Denied to a planner on the categories page', async () => {
    as('planner');
    renderWithApp(<AppRoutes />, { route: '/dashboard/categories' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
  });

  it('answers any other path with the not-found page', async () => {
    asGuest();
    renderWithApp(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('opens the catalogue pages: a package, a public profile, and /profile only when logged in', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages/p1': () => jsonResponse({ success: true, data: makePackage() }),
    });
    const first = renderWithApp(<AppRoutes />, { route: '/packages/p1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden Wedding' })).toBeTruthy();
    first.unmount();

    renderWithApp(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('hides the top bar on /login', async () => {
    asGuest();
    renderWithApp(<AppRoutes />, { route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Create Account' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('renders the home page sections in order, with an empty featured list', async () => {
    asGuest();
    renderWithApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles.slice(0, 10)).toEqual([
      'Who We Are',
      'How It Works',
      'Our Impact',
      'Subscription Plans',
      'Features',
      'Who We Serve',
      'Why Choose Sherehe',
      'Featured Event Packages',
      'Frequently Asked Questions',
      'Ready to plan your next celebration?',
    ]);
    expect(await screen.findByText('No packages available yet.')).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Choose Pro' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
