import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestReply, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makePackage, makeUser, PLANS } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { AppRoutes } from './router';

function asGuest() {
  mockFetch({
    'GET /api/auth/is-auth': () => jsonResponse(guestReply),
    'GET /api/plans': () => jsonResponse({ success: true, plans: PLANS }),
    'GET /api/packages': () => jsonResponse({ success: true, data: [], total: 0, page: 1, pages: 1 }),
  });
}

function as(role: 'client' | 'planner' | 'admin') {
  mockFetch(signedInAs(makeUser({ role })));
}

describe('routes and guards', () => {
  it('sends a guest from the dashboard to the login form, to come back there', async () => {
    asGuest();
    renderWithApp(<AppRoutes />, { route: '/dashboard/bookings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(
      screen.getByText("Log in or create an account to continue; you'll come back to where you were."),
    ).toBeTruthy();
  });

  it('lands a client on My Bookings', async () => {
    as('client');
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeTruthy();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0] as HTMLElement;
    expect(menu.textContent).toBe('BookingsCalendar');
  });

  it('lands a planner on My Packages, with Packages, Bookings, Calendar, Payments, Earnings and Analytics in the menu', async () => {
    as('planner');
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Packages' })).toBeTruthy();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0] as HTMLElement;
    expect(menu.textContent).toBe('PackagesBookingsCalendarPaymentsEarningsAnalytics');
  });

  it('shows admins All Packages and Manage Bookings, and the admin-only entries', async () => {
    as('admin');
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'All Packages' })).toBeTruthy();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0] as HTMLElement;
    expect(menu.textContent).toBe(
      'PackagesCategoriesBookingsCalendarPaymentsEarningsPayoutsAnalyticsUsersMessagesBackground jobs',
    );
  });

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

  it('sends a client away from an admin page with the roles explained', async () => {
    as('client');
    renderWithApp(<AppRoutes />, { route: '/dashboard/users' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient Permissions' })).toBeTruthy();
    expect(
      screen.getByText('You need admin permissions to access this page. Your current role is client.'),
    ).toBeTruthy();
  });

  it('sends a planner away from the background jobs, an admin page', async () => {
    as('planner');
    renderWithApp(<AppRoutes />, { route: '/dashboard/jobs' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient Permissions' })).toBeTruthy();
    expect(
      screen.getByText('You need admin permissions to access this page. Your current role is planner.'),
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
      'GET /api/auth/is-auth': () => jsonResponse(guestReply),
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
