import { DEMO } from '../fixtures';
import { expect, test } from './helpers/bookings';

test.describe('analytics', () => {
  test('a Pro planner sees the figures and both charts, with their numbers', async ({ page, visitAs }) => {
    await visitAs(DEMO.planner, '/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Revenue by month' })).toBeVisible({ timeout: 20_000 });
    const figures = page.getByRole('region', { name: 'Figures' });
    for (const label of ['Total bookings', 'Completed bookings', 'Total revenue', 'Packages', 'Reviews']) {
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }
    // Revenue and the money figures are in Ksh, each with what it means under it.
    const figure = (label: string) =>
      figures.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(figure('Total revenue').locator('dd').first()).toHaveText(/^Ksh [\d,.]+$/);
    await expect(figure('Total revenue').locator('dd').last()).toHaveText(/^Prices of completed bookings\./);
    for (const label of [
      'Payments received',
      'Refunds',
      'Platform fees',
      'Planners keep',
      'Payouts',
      'Owed to planners',
    ]) {
      await expect(figure(label).locator('dd').first()).toHaveText(/^Ksh [\d,.]+$/);
      await expect(figure(label).locator('dd')).toHaveCount(2);
    }
    // A planner's own numbers: no marketplace user counts.
    await expect(figures.getByText('Users', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Bookings by status' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Revenue by month' })).toBeVisible();
    await page.getByText('Show the numbers').first().click();
    await expect(page.getByRole('rowheader', { name: 'Pending' })).toBeVisible();
    await page.getByText('Show the numbers').last().click();
    await expect(page.getByRole('table').last().getByRole('row')).toHaveCount(13);
  });

  test('an admin sees the marketplace, user counts included', async ({ page, visitAs }) => {
    await visitAs(DEMO.admin, '/dashboard/analytics');
    await expect(page.getByText('The whole marketplace at a glance.')).toBeVisible();
    const figures = page.getByRole('region', { name: 'Figures' });
    for (const label of ['Users', 'Clients', 'Planners', 'Admins']) {
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('a Free planner sees the upgrade prompt, which leads to the plans', async ({ page, visitAs }) => {
    await visitAs(DEMO.plannerFree, '/dashboard/analytics');
    await expect(
      page.getByText(
        'Analytics come with the Pro and Enterprise plans. Please upgrade your plan to see your numbers.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'Bookings by status' })).toHaveCount(0);
    await page.getByRole('link', { name: 'View Pricing Plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
