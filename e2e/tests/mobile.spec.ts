import { DEMO, expect, expectAccessible, test } from '../fixtures';

test.describe('on a phone @mobile', () => {
  test('the top bar collapses into a menu and the dashboard menu is a drawer', async ({ page, visitAs }) => {
    await visitAs(DEMO.planner, '/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    const toggle = banner.getByRole('button', { name: /menu/i });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await banner.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/packages$/);
    await expect(page.getByRole('heading', { name: 'My Packages' })).toBeVisible();

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: /Bookings/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Manage Bookings' })).toBeVisible();
    await expectAccessible(page);
  });
});
