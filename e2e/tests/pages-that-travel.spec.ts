import { DEMO, expect, test } from '../fixtures';
import { demoPackageOf } from './helpers/bookings';

// docs/seo.md: what a link preview reads of a package page, and the Share button.

/**
 * A demo package no other spec edits or deletes. The newest package of the catalogue may be one that a
 * test running beside this one made and is about to delete, whose share picture then answers 404.
 */
async function steadyPackage(request: import('@playwright/test').APIRequestContext) {
  return demoPackageOf(request, DEMO.planner2, 0);
}

test.describe('pages that travel', () => {
  test('a package page arrives with its Open Graph tags, JSON-LD and share picture', async ({
    page,
    baseURL,
  }) => {
    const pkg = await steadyPackage(page.request);
    const response = await page.request.get(`/packages/${pkg._id}`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    await page.setContent(html.replace(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>/g, ''), {
      waitUntil: 'domcontentloaded',
    });
    const meta = (key: string) =>
      page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
    expect(await meta('og:title')).toBe(pkg.title);
    expect(await meta('og:type')).toBe('product');
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`^https?://[^/]+/packages/${pkg._id}$`),
    );
    const product = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(product).toMatchObject({ '@type': 'Product', name: pkg.title, offers: { priceCurrency: 'KES' } });
    const image = new URL(String(await meta('og:image')));
    const picture = await page.request.get(`${baseURL}${image.pathname}${image.search}`);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    expect((await page.request.get('/favicon.ico')).status()).toBe(200);
    expect((await page.request.get('/robots.txt')).status()).toBe(200);
  });

  test('Share links to WhatsApp with the page’s address when the phone has no share sheet', async ({
    page,
    baseURL,
  }) => {
    const pkg = await steadyPackage(page.request);
    await page.addInitScript(() => {
      Reflect.deleteProperty(
        Object.getPrototypeOf((globalThis as unknown as { navigator: object }).navigator),
        'share',
      );
    });
    await page.goto(`/packages/${pkg._id}?book=1`);
    const share = page.getByRole('link', { name: `Share ${pkg.title}` });
    await expect(share).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${pkg.title} on Sherehe ${baseURL}/packages/${pkg._id}`)}`,
    );
    await expect(share).toHaveAttribute('target', '_blank');
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'product');

    // Moving on in the app: the landing page's tags do not stay to describe another page.
    await page.getByRole('link', { name: 'View planner profile' }).click();
    await expect(page).toHaveURL(`${baseURL}/user/${pkg.planner._id}`);
    await expect(page.locator('head meta[property^="og:"]')).toHaveCount(0);
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(0);
  });

  test('Share opens the phone’s share sheet where there is one, on a package and on a planner', async ({
    page,
    baseURL,
  }) => {
    const pkg = await steadyPackage(page.request);
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (globalThis as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty((globalThis as unknown as { navigator: object }).navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/packages/${pkg._id}`);
    await page.getByRole('link', { name: `Share ${pkg.title}` }).click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { shared: unknown[] }).shared))
      .toEqual([
        { title: pkg.title, text: `${pkg.title} on Sherehe`, url: `${baseURL}/packages/${pkg._id}` },
      ]);
    // Nothing else opened: the page is where it was.
    expect(page.context().pages()).toHaveLength(1);
    await expect(page).toHaveURL(`${baseURL}/packages/${pkg._id}`);

    await page.goto(`/user/${pkg.planner._id}`);
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('link', { name: `Share ${name}` }).click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { shared: unknown[] }).shared))
      .toEqual([{ title: name, text: `${name} on Sherehe`, url: `${baseURL}/user/${pkg.planner._id}` }]);
  });
});
