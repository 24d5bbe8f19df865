import { DEMO, expect, expectAccessible, followDashboardMenu, test } from '../fixtures';

test.describe('the audit trail', () => {
  test('an admin changes a role, then finds it on the Audit page with a filter', async ({
    page,
    registerAs,
    visitAs,
  }) => {
    const { _id: userId } = await registerAs('client');
    await page.context().clearCookies();
    await visitAs(DEMO.admin, '/dashboard');
    const changed = await page.request.patch(`/api/user/${userId}/role`, { data: { role: 'planner' } });
    expect(changed.status()).toBe(200);

    await followDashboardMenu(page, 'Audit trail');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    await page.getByLabel('What').selectOption('user.role_changed');
    await expect(page).toHaveURL(/action=user\.role_changed/);
    await page.getByLabel('Who').fill('Sherehe Admin');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/actor=Sherehe\+Admin/);

    const row = page.getByRole('row').filter({ hasText: userId });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Sherehe Admin');
    await expect(row).toContainText('Role changed');
    await expect(row).toContainText('"role":"client"');
    await expect(row).toContainText('"role":"planner"');
    await expectAccessible(page);

    // Another action filters it out.
    await page.getByLabel('What').selectOption('payout.recorded');
    await expect(page.getByRole('row').filter({ hasText: userId })).toHaveCount(0);
  });
});
