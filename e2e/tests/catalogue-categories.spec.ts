import { DEMO, expect, followDashboardMenu, test, uniqueSuffix } from '../fixtures';

test.describe('categories', () => {
  test('an admin adds, renames and deletes a category', async ({ page, visitAs }) => {
    const name = `Anniversaries ${uniqueSuffix()}`;
    const renamed = `${name} and Vows`;
    await visitAs(DEMO.admin, '/dashboard');
    await followDashboardMenu(page, 'Categories');
    await expect(page).toHaveURL(/\/dashboard\/categories$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Weddings', exact: true })).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Name in Kiswahili (optional)').fill('Maadhimisho');
    await page.getByLabel('Description (optional)').fill('Wedding anniversaries and vow renewals.');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Category created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByText('Maadhimisho', { exact: true })).toBeVisible();

    // The same name again is refused by the server.
    await page.getByLabel('Name', { exact: true }).fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('A category with this name already exists.').first()).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit category' });
    await expect(dialog.getByLabel('Name in Kiswahili (optional)')).toHaveValue('Maadhimisho');
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Category updated successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete category' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Category deleted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toHaveCount(0);
  });

  test('a category in use cannot be deleted', async ({ page, visitAs }) => {
    await visitAs(DEMO.admin, '/dashboard/categories');
    await page.getByRole('button', { name: 'Delete Weddings' }).click();
    await page
      .getByRole('dialog', { name: 'Delete category' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(
      page.getByText('This category is used by packages. Move or delete them first.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Weddings', exact: true })).toBeVisible();
  });

  test('a planner opening the page sees Access Denied, and no Categories entry in the menu', async ({
    page,
    visitAs,
  }) => {
    await visitAs(DEMO.planner, '/dashboard/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText('You need admin permissions to access this page. Your current role is planner.'),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Categories' }),
    ).toHaveCount(0);
  });
});
