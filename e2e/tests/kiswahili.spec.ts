import { DEMO, expectAccessible, uniqueEmail, uniqueSuffix } from '../fixtures';
import { acceptThroughApi, demoPackageOf, expect, test } from './helpers/bookings';
import { formatDay, futureDay } from './helpers/days';
import { outboxMailsTo } from './helpers/outbox';

/** A day as the Kiswahili app writes it: '2025-06-14' → 'Jumamosi, 14 Jun 2025'. */
const swahiliDay = (day: string) => formatDay(day, 'sw-KE');

test.describe('the product in Kiswahili', () => {
  test('a guest switches to Kiswahili, signs up, books, and reads the confirmation and the email in Kiswahili', async ({
    page,
    plannerWithPackage,
  }) => {
    const { planner, pkg } = await plannerWithPackage(`Mratibu E2E ${uniqueSuffix()}`);

    // One tap in the top bar: the same page in Kiswahili, at its /sw address.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const languages = page.getByRole('navigation', { name: 'Language' }).first();
    await languages.getByRole('link', { name: 'Kiswahili' }).click();
    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Panga sherehe yako na waratibu unaoweza kuwaamini' }),
    ).toBeVisible();
    await expectAccessible(page);

    // The choice is kept: an English address now opens in Kiswahili.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/sw\/login$/);
    await expect(page.getByRole('heading', { name: 'Fungua akaunti' })).toBeVisible();
    await expectAccessible(page);
    const email = uniqueEmail('sw');
    await page.getByLabel('Jina kamili').fill('Akinyi Odhiambo');
    await page.getByLabel('Aina ya akaunti').selectOption('client');
    await page.getByLabel('Barua pepe').fill(email);
    // The form's own errors are in Kiswahili too.
    await page.getByLabel('Nenosiri').fill('short');
    await page.getByRole('button', { name: 'Jisajili' }).click();
    await expect(page.getByText('Nenosiri lazima liwe na angalau herufi 8.')).toBeVisible();
    await page.getByLabel('Nenosiri').fill('a-good-password');
    await page.getByRole('button', { name: 'Jisajili' }).click();
    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.getByRole('banner').getByText('Akinyi Odhiambo')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Mteja', { exact: true })).toBeVisible();
    // Signed up in Kiswahili: the profile keeps it, for the emails.
    const me = await (await page.request.get('/api/auth/is-auth')).json();
    expect(me.user.locale).toBe('sw');

    const day = futureDay();
    await page.goto(`/sw/packages/${pkg._id}`);
    await page.getByRole('button', { name: 'Weka nafasi sasa' }).click();
    const form = page.getByRole('dialog', { name: 'Weka nafasi ya kifurushi hiki' });
    await form.getByLabel('Tarehe ya hafla').fill(day);
    await form.getByLabel('Ujumbe kwa mratibu (si lazima)').fill('Wageni 150, jioni.');
    await form.getByRole('button', { name: 'Weka nafasi sasa' }).click();
    await expect(page.getByText('Ombi la nafasi limetumwa! Mratibu atakujibu hivi karibuni.')).toBeVisible();
    const aside = page.getByRole('complementary').filter({ hasText: 'Ksh 25,000' });
    await expect(aside.getByText(swahiliDay(day))).toBeVisible();
    await expect(aside.getByText('Inasubiri')).toBeVisible();
    await expectAccessible(page);

    // The planner accepts; the client's email says so in Kiswahili, with the day as Kiswahili writes it.
    const bookings = await (await planner.context.request.get('/api/bookings/for-planner')).json();
    const booking = (bookings.bookings as Array<{ _id: string; package: { _id: string } | null }>).find(
      (each) => each.package?._id === pkg._id,
    );
    expect(booking, 'the booking reached the planner').toBeDefined();
    await acceptThroughApi(planner.context.request, booking?._id ?? '');
    await expect
      .poll(async () => (await outboxMailsTo(email)).join('\n'), { timeout: 15_000 })
      .toContain(swahiliDay(day));
    const [mail = ''] = await outboxMailsTo(email);
    expect(mail).toMatch(/^Subject:.*imekubaliwa/im);
    expect(mail).toContain('Habari Akinyi Odhiambo,');
    expect(mail).not.toContain('Hello');

    // The dashboard speaks Kiswahili, and the switch is there too.
    await page.goto('/sw/dashboard/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Nafasi zangu' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: pkg.title });
    await expect(card.getByText('Hali: Imekubaliwa')).toBeVisible();
    await expect(card.getByText(swahiliDay(day))).toBeVisible();
    await expectAccessible(page);

    // Back to English in one tap, and English stays.
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
    await expect
      .poll(async () => (await (await page.request.get('/api/auth/is-auth')).json()).user.locale)
      .toBe('en');
  });

  test('public pages in Kiswahili are rendered on the server, name their English twins, and pass axe', async ({
    page,
  }) => {
    // A demo package no spec deletes (the newest may be one a test beside this one is deleting).
    const id = (await demoPackageOf(page.request, DEMO.planner2, 0))._id;
    // Nothing the Kiswahili pages ask for is missing (their icon, code and images under /sw/).
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    for (const address of ['/sw', '/sw/packages', `/sw/packages/${id}`, '/sw/pricing']) {
      const response = await page.request.get(address);
      const html = await response.text();
      expect(html).toMatch(/<html lang="sw">/);
      expect(html).toContain('id="ssr-state"');
      expect(html).toContain(`hreflang="en" href="`);
      await page.goto(address);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
      await expectAccessible(page);
      // Its icon is there (a page's icon link is not always fetched by a headless browser).
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      expect((await page.request.get(icon ?? '')).status(), `icon of ${address}`).toBe(200);
    }
    // An English visitor's address stays English, and a Kiswahili amount reads as Ksh.
    await page.goto(`/sw/packages/${id}`);
    await expect(page.getByText(/Ksh [0-9,]+/).first()).toBeVisible();
    await page.goto('/packages');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(/\/packages$/);
    await page.goto(`/sw/packages?q=${encodeURIComponent('harusi')}`);
    await expectAccessible(page);
    // Categories go by their Kiswahili names there, by their English ones on the English pages.
    const categories = page
      .getByRole('combobox')
      .filter({ has: page.locator('option', { hasText: 'Harusi' }) });
    await expect(categories.locator('option', { hasText: 'Harusi' })).toHaveCount(1);
    await expect(categories.locator('option', { hasText: 'Weddings' })).toHaveCount(0);
    await page.goto('/packages');
    await expect(page.locator('option', { hasText: 'Weddings' })).toHaveCount(1);
    expect(failed).toEqual([]);
  });
});
