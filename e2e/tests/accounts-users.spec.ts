import { DEMO, expect, test, uniqueSuffix } from '../fixtures';
import { createPackage } from './helpers/bookings';
import { pngFile } from './helpers/png';

test.describe('admin user management', () => {
  test('the admin makes a new client a planner; the change shows in the list and after a reload', async ({
    page,
    registerAs,
    visitAs,
  }) => {
    const { email, name } = await registerAs('client');
    await page.context().clearCookies();
    await visitAs(DEMO.admin, '/dashboard/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
    await expect(page).toHaveURL(/[?&]q=/);
    const row = page.getByRole('article', { name });
    await expect(row).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    const role = row.getByLabel(`Role of ${name}`);
    await expect(role).toHaveValue('client');

    await role.selectOption('planner');
    const confirm = page.getByRole('dialog', { name: 'Change role' });
    await expect(confirm).toContainText('from Client to Planner?');
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText('Role changed to planner.')).toBeVisible();
    await expect(role).toHaveValue('planner');

    // The role filter is in the URL too; the user is now among the planners.
    await page.getByLabel('Role', { exact: true }).selectOption('planner');
    await expect(page).toHaveURL(/role=planner/);
    await expect(page.getByRole('article', { name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('article', { name }).getByLabel(`Role of ${name}`)).toHaveValue('planner');
    await page.getByLabel('Role', { exact: true }).selectOption('client');
    await expect(page.getByText('No users match your filters.')).toBeVisible();
  });

  test("the admin's own row cannot be changed or deleted", async ({ page, loginAs }) => {
    await loginAs(DEMO.admin);
    await page.goto(`/dashboard/users?q=${encodeURIComponent(DEMO.admin)}`);
    const row = page.getByRole('article').filter({ hasText: DEMO.admin });
    await expect(row.getByText('You', { exact: true })).toBeVisible();
    await expect(row.getByRole('combobox')).toBeDisabled();
    await expect(row.getByRole('button', { name: /^Delete/ })).toBeDisabled();
    await expect(row.getByText('You cannot change or delete your own account here.')).toBeVisible();
  });

  test("deleting a planner, after a warning, also removes the planner's packages", async ({
    page,
    registerAs,
    visitAs,
  }) => {
    const { email, name } = await registerAs('planner');
    const title = `Doomed Harambee ${uniqueSuffix()}`;
    await createPackage(page.request, {
      title,
      description: 'A fundraiser evening that will not survive its planner.',
      location: 'Nakuru',
      image: pngFile('harambee.png'),
    });
    await page.goto(`/packages?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.context().clearCookies();
    await visitAs(DEMO.admin, '/dashboard/users');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
    const row = page.getByRole('article', { name });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect(
      dialog.getByText(
        'Deleting this user also deletes their packages, bookings and reviews. This cannot be undone.',
      ),
    ).toBeVisible();
    await expect(dialog.getByText(name)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted.')).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    await expect(page.getByText('No users match your filters.')).toBeVisible();

    await page.goto(`/packages?q=${encodeURIComponent(title)}`);
    await expect(page.getByText('No packages match your search.')).toBeVisible();
  });
});
