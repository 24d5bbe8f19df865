import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, test, uniqueEmail, uniqueSuffix } from '../fixtures';
import { demoPackageOf, pressBookNow } from './helpers/bookings';

/** A new client account with the profile's default language (English), not signed in anywhere. */
async function newClient(request: APIRequestContext) {
  const email = uniqueEmail('signin');
  const name = `Nekesa Wafula ${uniqueSuffix()}`;
  const response = await request.post('/api/auth/register', {
    data: { username: name, email, password: 'e2e-password', role: 'client' },
  });
  expect(response.status()).toBe(201);
  return { email, name, password: 'e2e-password' };
}

/** Fills and sends the login form that is on the page. */
async function logIn(
  page: Page,
  email: string,
  password: string,
  labels = { email: 'Email', password: 'Password', login: 'Login' },
) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(password);
  await page.locator('form').getByRole('button', { name: labels.login, exact: true }).click();
}

test.describe('signing in', () => {
  test('on /sw/login, an English-profile user lands on a Kiswahili page and stays in Kiswahili', async ({
    page,
    request,
  }) => {
    const someone = await newClient(request);
    await page.goto('/sw/login?mode=login');
    await expect(page.getByRole('heading', { level: 1, name: 'Ingia' })).toBeVisible();
    await logIn(page, someone.email, someone.password, {
      email: 'Barua pepe',
      password: 'Nenosiri',
      login: 'Ingia',
    });

    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('banner').getByText(someone.name)).toBeVisible();
    // An English address now opens in Kiswahili, and the API answers in it.
    await page.goto('/packages');
    await expect(page).toHaveURL(/\/sw\/packages$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  });

  test("the top bar's Login opens the login form; Get Started opens Sign Up @mobile", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login\?mode=login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveCount(0);

    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  });

  test('a client comes back to the page where they pressed Login', async ({ page }) => {
    const pkg = await demoPackageOf(page.request, DEMO.planner);
    await page.goto(`/packages/${pkg._id}`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await logIn(page, DEMO.client, DEMO_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/packages/${pkg._id}$`));
    await expect(page.getByRole('banner').getByText('Client', { exact: true })).toBeVisible();
  });

  test('a planner lands on the dashboard after login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await logIn(page, DEMO.planner, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/packages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Packages' })).toBeVisible();
  });

  test('a signed-in person opening /login is sent on, never shown the sign-up form', async ({
    page,
    visitAs,
  }) => {
    await visitAs(DEMO.client, '/login?next=%2Fpricing');
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toHaveCount(0);
    // Never to another site.
    await page.goto('/login?next=%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  });

  test("a guest's Book Now leads to login and back to the package's form, with no error toast", async ({
    page,
  }) => {
    const pkg = await demoPackageOf(page.request, DEMO.planner, 1);
    await pressBookNow(page, pkg._id);
    await expect(page).toHaveURL(/\/login\?mode=login&next=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByText('Please log in as a client or admin to book packages.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);

    await logIn(page, DEMO.client2, DEMO_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/packages/${pkg._id}$`));
    await expect(page.getByRole('dialog', { name: 'Book this package' })).toBeVisible();
  });

  test('six wrong passwords show one refusal, in the form', async ({ page, request }) => {
    const someone = await newClient(request);
    await page.goto('/login?mode=login');
    const form = page.locator('form');
    const submit = form.getByRole('button', { name: 'Login', exact: true });
    await page.getByLabel('Email').fill(someone.email);
    for (let i = 0; i < 6; i++) {
      await page.getByLabel('Password').fill(`wrong-password-${i}`);
      await submit.click();
      await expect(form.getByRole('alert')).toHaveText('Invalid email or password.');
      await expect(submit).toBeEnabled();
    }
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login\?mode=login$/);
  });

  test('axe finds no serious or critical violation on the login form, with a refusal shown', async ({
    page,
  }) => {
    await page.goto('/login?mode=login');
    await expectAccessible(page);
    await logIn(page, uniqueEmail('nobody'), 'not-a-password');
    await expect(page.locator('form').getByRole('alert')).toBeVisible();
    await expectAccessible(page);
  });
});
