import { DEMO, expect, MISSING_ID, test, uniqueSuffix, waitsForApp } from '../fixtures';
import { demoPackageOf } from './helpers/bookings';
import { pngFile } from './helpers/png';

test.describe('packages: create, find, change, delete', () => {
  test('a planner creates a package with a photo, finds it by search and by filters, edits and deletes it', async ({
    page,
    loginAs,
  }) => {
    const suffix = uniqueSuffix();
    const title = `Sunset Gala ${suffix}`;
    const location = `Watamu ${suffix}`;
    await loginAs(DEMO.planner);

    // Create.
    await page.goto('/dashboard/packages');
    await page.getByRole('link', { name: 'Create Package' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/packages\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Package' })).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('An evening gala by the ocean, with dinner, music and lights.');
    await page.getByLabel('Price (Ksh)').fill('123456');
    await page.getByLabel('Category').selectOption({ label: 'Graduations' });
    await page.getByLabel('Location').fill(location);
    await page.getByLabel('Add photos').setInputFiles(pngFile('gala.png'));
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Package' }).click();
    await expect(page.getByText('Package created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/packages$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Found through the search box…
    await page.goto('/packages');
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    await expect(page).toHaveURL(new RegExp(`q=Sunset(\\+|%20)Gala(\\+|%20)${suffix}`));
    await expect(page.getByRole('article')).toHaveCount(1);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('Ksh 123,456')).toBeVisible();
    await expect(card.getByText('Graduations')).toBeVisible();
    // The photo was stored and re-encoded as WebP.
    await expect(card.getByRole('img', { name: title })).toHaveAttribute('src', /\/uploads\/.+\.webp/);

    // …and through the category, location and price filters.
    await page.goto('/packages');
    await page.getByLabel('Category').selectOption({ label: 'Graduations' });
    await page.getByLabel('Location').fill(location);
    await page.getByLabel('Min price (Ksh)').fill('123000');
    await page.getByLabel('Max price (Ksh)').fill('124000');
    await expect(page).toHaveURL(/maxPrice=124000/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // A price range it is not in finds nothing.
    await page.getByLabel('Max price (Ksh)').fill('123400');
    await expect(page.getByText('No packages match your search.')).toBeVisible();

    // Its page.
    await page.getByLabel('Max price (Ksh)').fill('');
    await page.getByRole('link', { name: `More Details: ${title}` }).click();
    await expect(page).toHaveURL(/\/packages\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Ksh 123,456')).toBeVisible();
    const planner = page.getByRole('complementary', { name: 'Price and planner' });
    await expect(planner.getByText('Wanjiru Events', { exact: true })).toBeVisible();
    await expect(planner.getByRole('link', { name: DEMO.planner })).toBeVisible();
    await expect(planner.getByRole('link', { name: 'View planner profile' })).toHaveAttribute(
      'href',
      /^\/user\//,
    );

    // Edit: a new title and price.
    const newTitle = `Sunset Gala Deluxe ${suffix}`;
    await page.goto(`/dashboard/packages/edit/${id}`);
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await page.getByLabel('Title').fill(newTitle);
    await page.getByLabel('Price (Ksh)').fill('130000');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Package updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/packages$/);
    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
    await expect(page.getByText('Ksh 130,000')).toBeVisible();

    // Delete.
    await page.goto('/dashboard/packages');
    await page.getByRole('button', { name: `Delete ${newTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete package' });
    await expect(dialog.getByText(newTitle)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Package deleted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: newTitle })).toHaveCount(0);

    await page.goto(`/packages?q=${encodeURIComponent(suffix)}`);
    await expect(page.getByText('No packages match your search.')).toBeVisible();
    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Package not found.' })).toBeVisible();
  });

  test('a planner whose Free plan is full hears it before filling the form, with a link to the plans', async ({
    page,
    visitAs,
  }) => {
    await visitAs(DEMO.plannerFree, '/dashboard/packages/create');
    await expect(
      page.getByText('Your plan allows 3 packages. Please upgrade your plan to publish more.'),
    ).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveCount(0);
    const pricing = page.getByRole('link', { name: 'View Pricing Plans' });
    await expect(pricing).toHaveAttribute('href', '/pricing');
    await pricing.click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('the form checks its fields before sending and a planner cannot edit another’s package', async ({
    page,
    registerAs,
  }) => {
    await registerAs('planner');
    await page.goto('/dashboard/packages/create');
    await page.getByRole('button', { name: 'Create Package' }).click();
    await expect(page.getByText('Title is required.')).toBeVisible();
    await expect(page.getByText('Please choose an image for the package.')).toBeVisible();
    await expect(page).toHaveURL(/\/create$/);

    const other = await demoPackageOf(page.request, DEMO.planner2, 0);
    await page.goto(`/dashboard/packages/edit/${other._id}`);
    await expect(page.getByText('You can only change your own packages.')).toBeVisible();
  });
});

test.describe('browsing packages', () => {
  test('pages through the demo packages, with the page in the URL and Back working', async ({ page }) => {
    await page.goto('/packages');
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(6);
    const firstPage = await page.getByRole('article').getByRole('heading').allTextContents();

    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(firstPage);
  });

  test('a shared link with filters shows the same results to someone else', async ({ page, browser }) => {
    const categories = (await (await page.request.get('/api/category')).json()).categories as Array<{
      _id: string;
      name: string;
    }>;
    const weddings = categories.find((category) => category.name === 'Weddings');
    expect(weddings).toBeTruthy();
    const link = `/packages?category=${weddings?._id}&maxPrice=500000&sort=price_asc`;
    await page.goto(link);
    await expect(page.getByLabel('Category')).toHaveValue(weddings?._id as string);
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    await expect(page.getByLabel('Max price (Ksh)')).toHaveValue('500000');
    const titles = page.getByRole('article').getByRole('heading');
    await expect(titles.first()).toBeVisible();
    const mine = await titles.allTextContents();
    expect(mine).toEqual([
      'Surprise Proposal Set-up',
      'Traditional Ruracio Package',
      'Garden Wedding Classic',
    ]);

    const other = await browser.newContext();
    try {
      const theirs = waitsForApp(await other.newPage());
      await theirs.goto(link);
      await expect(theirs.getByRole('article').getByRole('heading')).toHaveText(mine);
    } finally {
      await other.close();
    }
  });

  test('Book leads to the package page, ready for the booking form', async ({ page }) => {
    await page.goto('/packages');
    const book = page.getByRole('link', { name: /^Book: / }).first();
    const href = await book.getAttribute('href');
    expect(href).toMatch(/^\/packages\/[0-9a-f-]{36}\?book=1$/);
    await book.click();
    await expect(page).toHaveURL(/\?book=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a planner's packages are listed under their name", async ({ page }) => {
    const profile = await (await page.request.get('/api/packages?page=1&limit=100')).json();
    const wanjiru = profile.data.find(
      (pkg: { planner: { email: string } }) => pkg.planner.email === DEMO.planner,
    );
    await page.goto(`/packages?planner=${wanjiru.planner._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Packages by Wanjiru Events' })).toBeVisible();
    await expect(page.getByText('Intimate Baby Shower')).toBeVisible();
    await expect(page.getByText("Kids' Birthday Bash")).toHaveCount(0);
    await page.getByRole('link', { name: 'Show packages of all planners' }).click();
    await expect(page).toHaveURL(/\/packages$/);
  });

  test('an unknown package says Package not found.', async ({ page }) => {
    await page.goto(`/packages/${MISSING_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Package not found.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all packages' })).toHaveAttribute(
      'href',
      '/packages',
    );
  });
});
