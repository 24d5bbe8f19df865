import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectSentToUnauthorized,
  test,
  uniqueEmail,
} from '../fixtures';

test.describe('signing up, logging in and out', () => {
  test('a new client signs up, lands on home with name and role badge, reaches bookings, logs out', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    const name = 'Achieng Otieno';
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Role').selectOption('client');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(name)).toBeVisible();
    await expect(banner.getByText('Client', { exact: true })).toBeVisible();

    await banner.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(name)).toHaveCount(0);
    // The session really ended on the server.
    const isAuth = await page.request.get('/api/auth/is-auth');
    expect((await isAuth.json()).success).toBe(false);
  });

  test('a wrong password shows the server’s message and keeps the visitor on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).last().click();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.client);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).first().click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a demo planner logs in and lands on the dashboard, on packages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).last().click();
    await page.getByLabel('Email').fill(DEMO.planner);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/packages$/);
    await expect(page.getByRole('banner').getByText('Planner', { exact: true })).toBeVisible();
  });
});

test.describe('route guards', () => {
  test('a guest opening /dashboard lands on the login form, to come back there', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?mode=login&next=%2Fdashboard$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('a client opening /dashboard/users lands on /unauthorized with the specification’s sentence', async ({
    page,
    visitAs,
  }) => {
    await visitAs(DEMO.client, '/dashboard/users');
    await expectSentToUnauthorized(page, 'client');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/login', '/pricing']) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    });
  }
});
