import { DEMO, expect, expectAccessible, test } from '../fixtures';
import { demoPackageOf } from './helpers/bookings';

// A phone on slow 3G (Chrome's preset: 2 s round trip, 50 kB/s each way): the page the server
// rendered is shown long before its app is ready, and a tap made in between is kept and made once
// the app is (src/boot.ts, docs/decisions/021). Measured figures: docs/quality.md, "Slow 3G".

const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

test.describe('on slow 3G @mobile', () => {
  // The page takes seconds to become an app on such a connection: that is what is tested.
  test.setTimeout(150_000);

  test('Book Now tapped before the app has loaded says it was taken and opens the booking form', async ({
    context,
    request,
    registerAs,
  }) => {
    // A new client: no open request, this month's allowance unused, so the form may open.
    await registerAs('client');
    const pkg = await demoPackageOf(request, DEMO.planner);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(sent.url());
    });

    await page.goto(`/packages/${pkg._id}`, { waitUntil: 'commit' });
    const bookNow = page.getByRole('button', { name: 'Book Now' });
    await expect(bookNow).toBeVisible({ timeout: 30_000 });
    // The page is there, its app is not yet.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await bookNow.tap();
    // At once, not when the app arrives: the press shows it was taken.
    await expect(bookNow).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    const form = page.getByRole('dialog', { name: 'Book this package' });
    await expect(form).toBeVisible({ timeout: 120_000 });
    await expect(form.getByLabel('Event Date')).toBeVisible({ timeout: 30_000 });
    // The press was made: nothing is left marked as waiting (behind the dialog, out of reach).
    await expect(page.locator('[data-held], [aria-busy="true"]')).toHaveCount(0);
    // The whole page's JavaScript in a few files: every file costs a 2 s round trip here.
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(10);

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expectAccessible(page);
  });

  test('a button pressed before the app has loaded is marked busy, and axe finds nothing', async ({
    context,
    request,
  }) => {
    const pkg = await demoPackageOf(request, DEMO.planner);
    const page = await context.newPage();
    // The app's code held back entirely, as on a connection that has not delivered it yet.
    await page.route(/\/assets\/index-[^/]+\.js$/, () => {});
    await page.goto(`/packages/${pkg._id}`, { waitUntil: 'load' });
    const bookNow = page.getByRole('button', { name: 'Book Now' });
    await bookNow.tap();
    await expect(bookNow).toHaveAttribute('aria-busy', 'true');
    await expect(bookNow).toHaveAttribute('data-held', '');
    await expectAccessible(page);
  });
});
