import type { AnalyticsOverview } from '@sherehe/shared/schemas/analytics';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import AnalyticsPage from './analytics-page';

const months = Array.from({ length: 12 }, (_, index) => ({
  month: `2026-${String(index + 1).padStart(2, '0')}`,
  revenue: index === 10 ? 450000 : 0,
  bookings: index === 10 ? 1 : 0,
}));

function overview(overrides: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  return {
    totalBookings: 6,
    completedBookings: 1,
    totalRevenue: 450000,
    totalPackages: 5,
    totalReviews: 2,
    bookingsByStatus: { pending: 2, accepted: 1, rejected: 1, completed: 1, cancelled: 1 },
    revenueByMonth: months,
    scope: 'planner',
    ...overrides,
  };
}

function renderWith(reply: () => Response) {
  mockFetch({
    ...signedInAs(makeUser({ role: 'planner' })),
    'GET /api/analytics/overview': reply,
  });
  renderWithApp(<AnalyticsPage />);
}

describe('analytics', () => {
  it('shows the figures as cards and both charts with their numbers', async () => {
    renderWith(() => jsonResponse({ success: true, data: overview() }));
    expect((await screen.findByText('Total revenue')).nextElementSibling?.textContent).toBe('Ksh 450,000');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(screen.getByText('Total bookings').nextElementSibling?.textContent).toBe('6');
    expect(screen.queryByText('Users')).toBeNull();
    expect(screen.getByRole('img', { name: 'Bookings by status' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Revenue by month' })).toBeTruthy();
    expect(screen.getByText(/Pending: 2, Accepted: 1, Rejected: 1, Completed: 1, Cancelled: 1/)).toBeTruthy();
    fireEvent.click(screen.getAllByText('Show the numbers')[1] as HTMLElement);
    expect(screen.getByRole('rowheader', { name: 'Nov 2026' })).toBeTruthy();
  });

  it('shows the user counts when the server sends them (admins)', async () => {
    renderWith(() =>
      jsonResponse({
        success: true,
        data: overview({ scope: 'marketplace', totalUsers: 10, clients: 6, planners: 3, admins: 1 }),
      }),
    );
    expect(await screen.findByText('Users')).toBeTruthy();
    expect(screen.getByText('Planners').nextElementSibling?.textContent).toBe('3');
  });

  it('shows the money by the Payments page’s definitions, each figure saying what it means', async () => {
    renderWith(() =>
      jsonResponse({
        success: true,
        data: overview({
          scope: 'marketplace',
          totalRevenue: 450000,
          money: {
            paymentsReceived: 460300,
            bookingPayments: 459000,
            planPayments: 1300,
            refunds: 6000,
            fees: 45300,
            plannersShare: 407700,
            platformRevenue: 46600,
            payouts: 100000,
            owedToPlanners: 307700,
          },
        }),
      }),
    );
    /** A figure's value and what it means. */
    const figure = async (label: string) => {
      const term = await screen.findByText(label, { selector: 'dt' });
      return [term.nextElementSibling?.textContent, term.nextElementSibling?.nextElementSibling?.textContent];
    };
    expect(await figure('Total revenue')).toEqual([
      'Ksh 450,000',
      'Prices of completed bookings. Money actually paid is under Payments received.',
    ]);
    expect(await figure('Payments received')).toEqual([
      'Ksh 460,300',
      'Bookings Ksh 459,000, plans Ksh 1,300. Successful payments, before any refund.',
    ]);
    expect(await figure('Refunds')).toEqual(['Ksh 6,000', 'Given back to clients by completed refunds.']);
    expect((await figure('Platform fees'))[0]).toBe('Ksh 45,300');
    expect(await figure('Planners keep')).toEqual([
      'Ksh 407,700',
      'What planners keep: booking payments less refunds and platform fees.',
    ]);
    expect(await figure('Platform revenue')).toEqual(['Ksh 46,600', 'Platform fees plus plan payments.']);
    expect(await figure('Payouts')).toEqual(['Ksh 100,000', 'Paid out to planners by M-Pesa.']);
    expect((await figure('Owed to planners'))[0]).toBe('Ksh 307,700');
    expect(screen.getByText('Prices of completed bookings, by the month of the event.')).toBeTruthy();
  });

  it('offers the plans to a planner whose plan has no analytics', async () => {
    const message =
      'Analytics come with the Pro and Enterprise plans. Please upgrade your plan to see your numbers.';
    renderWith(() => jsonResponse({ success: false, code: 'PLAN_LIMIT', upgradePrompt: true, message }, 403));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it("says 'Failed to load analytics' on other failures", async () => {
    renderWith(() => jsonResponse({ success: false, code: 'INTERNAL', message: 'Boom' }, 500));
    expect(await screen.findByText('Failed to load analytics', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
