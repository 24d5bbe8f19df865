import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test, uniqueEmail } from '../fixtures';
import { createPackage, deletePackage, demoPackageOf } from './helpers/bookings';

// docs/decisions/009: the public pages arrive rendered, and the app takes them over.

/** Console errors and uncaught exceptions of a page, hydration mismatches among them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A page of its own (the fixture's page would wait for the app after loading) whose app code is
 * held back, as a slow connection would, until `release` is called.
 */
async function pageWithAppHeld(context: BrowserContext) {
  const page = await context.newPage();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { page, release };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a package page shows its title, price, image and planner', async ({ page, request }) => {
    const pkg = await demoPackageOf(request, DEMO.planner);
    await page.goto(`/packages/${pkg._id}`);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(pkg.title);
    await expect(page.getByText(/^Ksh \d/).first()).toBeVisible();
    const image = article.getByRole('img', { name: pkg.title });
    await expect(image).toBeVisible();
    expect(
      await image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    await expect(page).toHaveTitle(`${pkg.title} · Sherehe`);
  });

  test('the browse page lists the first six packages, and its filters still search', async ({ page }) => {
    await page.goto('/packages');
    await expect(page.getByRole('heading', { level: 1, name: 'Event Packages' })).toBeVisible();
    const cards = page
      .getByRole('list')
      .filter({ has: page.getByRole('article') })
      .getByRole('article');
    await expect(cards).toHaveCount(6);
    // The filter form submits as a plain form: the search lands in the address and is rendered.
    await page.getByRole('searchbox', { name: 'Search' }).fill('wedding');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=wedding/);
    // The address changes when the answer starts to arrive; read the cards once the new page is in.
    await page.waitForLoadState('load');
    await expect(cards.first()).toBeVisible();
    const titles = await cards.getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    // A search looks at the category's names too: each card says "wedding" in its title or its
    // category (Weddings), and a word in the title ranks first.
    for (const text of await cards.allTextContents()) expect(text.toLowerCase()).toContain('wedding');
    expect(titles[0]?.toLowerCase()).toContain('wedding');
  });

  test('the home page shows the hero and the featured packages', async ({ page, request }) => {
    const featured = (await (await request.get('/api/packages?sort=featured&page=1&limit=3')).json())
      .data as Array<{ title: string }>;
    expect(featured).toHaveLength(3);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Plan your celebration with planners you can trust',
    );
    for (const { title } of featured) {
      await expect(page.getByRole('article').getByRole('heading', { name: title })).toBeVisible();
    }
  });

  test('the login form cannot be sent before the app runs (no password in an address)', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await expect(page.locator('form button[type="submit"]')).toBeDisabled();
  });
});

test.describe('with JavaScript', () => {
  test('the package page is taken over without errors and without fetching again', async ({
    page,
    request,
  }) => {
    const pkg = await demoPackageOf(request, DEMO.planner);
    const errors = collectErrors(page);
    const refetched: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname === `/api/packages/${pkg._id}` || pathname === '/api/auth/is-auth')
        refetched.push(pathname);
    });
    await page.goto(`/packages/${pkg._id}`);
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(pkg.title);
    // The app answers: Book Now opens the form's way (a guest is sent to log in first).
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\/login\?mode=login&next=/);
    expect(refetched).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a signed-in visitor gets the page rendered for them', async ({ page, loginAs }) => {
    await loginAs(DEMO.client);
    const name = 'Grace Njeri';
    const html = await (await page.request.get('/packages')).text();
    expect(html).toContain(name);
    const errors = collectErrors(page);
    await page.goto('/packages');
    await expect(page.getByRole('banner').getByText(name)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a title that looks like markup stays text, in the page and in its state', async ({
    page,
    registerAs,
  }) => {
    await registerAs('planner');
    const title = `Gala </script><script>window.pwned=1</script> $' $& <!-- ${Date.now()}`;
    const pkg = await createPackage(page.request, { title });
    try {
      const errors = collectErrors(page);
      await page.goto(`/packages/${pkg._id}`);
      await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await deletePackage(page.request, pkg._id);
    }
  });

  test('a tap before the app has loaded is not lost', async ({ context, request }) => {
    const pkg = await demoPackageOf(request, DEMO.planner);
    const { page, release } = await pageWithAppHeld(context);
    await page.goto(`/packages/${pkg._id}`, { waitUntil: 'load' });
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Book Now' }).click();
    release();
    await expect(page).toHaveURL(/\/login\?mode=login&next=/);
  });

  test('words typed before the app has loaded are kept, and searched', async ({ context }) => {
    const { page, release } = await pageWithAppHeld(context);
    await page.goto('/packages', { waitUntil: 'load' });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.pressSequentially('wedding');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(search).toHaveValue('wedding');
    await search.press('Enter');
    await expect(page).toHaveURL(/[?&]q=wedding/);
  });

  test('a sign-up form filled before the app has loaded is sent as filled', async ({ context }) => {
    const { page, release } = await pageWithAppHeld(context);
    await page.goto('/login', { waitUntil: 'load' });
    const name = 'Early Bird Events';
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Role').selectOption('planner');
    await page.getByLabel('Email').fill(uniqueEmail('early'));
    await page.getByLabel('Password').fill('a-good-password');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // A new planner lands on their dashboard.
    await expect(page).toHaveURL(/\/dashboard\/packages$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(name)).toBeVisible();
    await expect(banner.getByText('Planner', { exact: true })).toBeVisible();
  });

  test('rendered pages pass axe', async ({ page, request }) => {
    const pkg = await demoPackageOf(request, DEMO.planner);
    for (const url of ['/', '/packages', `/packages/${pkg._id}`]) {
      await page.goto(url);
      await expectAccessible(page);
    }
  });
});
