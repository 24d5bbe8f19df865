import { expect, MISSING_ID, test } from '../fixtures';
import { pngFile } from './helpers/png';

test.describe('profiles', () => {
  test('a user edits their profile and uploads a picture, seen in the top bar and on the public profile', async ({
    page,
    registerAs,
  }) => {
    const { name } = await registerAs('planner', 'Achieng Events');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const bio = page.getByLabel('Bio');
    await expect(bio).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Upload Picture' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await bio.fill('Weddings and graduations around Kisumu since 2018.');
    await expect(page.getByText('50/500')).toBeVisible();
    await page.getByLabel('Location').fill('Kisumu');
    await page.getByLabel('Specialization').fill('Lakeside weddings');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(bio).toBeDisabled();
    await expect(bio).toHaveValue('Weddings and graduations around Kisumu since 2018.');

    await page.getByLabel('Choose a new picture').setInputFiles(pngFile('me.png', [30, 120, 200]));
    await page.getByRole('button', { name: 'Upload Picture' }).click();
    await expect(page.getByText('Profile picture updated successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Picture' })).toHaveCount(0);
    const avatar = page.getByRole('banner').locator('img[src*="/uploads/"]');
    await expect(avatar).toBeVisible();

    // It is stored: after a reload the top bar still shows it.
    await page.reload();
    await expect(page.getByRole('banner').locator('img[src*="/uploads/"]')).toBeVisible();

    await page.getByRole('link', { name: 'View public profile' }).click();
    await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('img', { name: `Profile picture of ${name}` })).toHaveAttribute(
      'src',
      /\/uploads\/.+\.webp/,
    );
    await expect(page.getByText('Weddings and graduations around Kisumu since 2018.')).toBeVisible();
    await expect(page.getByText('Kisumu', { exact: true })).toBeVisible();
    await expect(page.getByText('Lakeside weddings')).toBeVisible();
    // One's own profile has no Actions.
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveCount(0);
  });

  test("someone else's planner profile lists packages and offers View Packages, and Send Message asks her without a booking", async ({
    page,
    registerAs,
  }) => {
    await registerAs('client');
    const list = await (await page.request.get('/api/packages?page=1&limit=100')).json();
    const amina = list.data.find(
      (pkg: { planner: { email: string } }) => pkg.planner.email === 'amina@sherehe.demo',
    );
    await page.goto(`/user/${amina.planner._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Amina Celebrations' })).toBeVisible();
    await expect(page.getByText('Planner', { exact: true }).last()).toBeVisible();
    // Amina has five packages: four shown and a link to all of them.
    const viewAll = page.getByRole('link', { name: 'View all packages (5)' });
    await expect(viewAll).toHaveAttribute('href', `/packages?planner=${amina.planner._id}`);
    await expect(page.getByRole('region', { name: 'Packages' }).getByRole('listitem')).toHaveCount(4);
    // No booking with her yet: Send Message leads to no booking's chat, it opens an enquiry.
    await expect(page.getByRole('link', { name: 'View Packages' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await page.getByRole('link', { name: 'View Packages' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Packages by Amina Celebrations' }),
    ).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);
  });

  test('an unknown user shows Profile Not Found with Go Back', async ({ page }) => {
    await page.goto('/packages');
    await page.goto(`/user/${MISSING_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/packages$/);
  });

  test('a guest opening /profile is sent to log in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?mode=login&next=%2Fprofile$/);
  });
});
