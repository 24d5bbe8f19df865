import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures';
import { buyPlanThroughApi } from './helpers/payments';

test.describe('home page', () => {
  test('shows every section in order with the featured demo packages', async ({ page }) => {
    await page.goto('/');
    // The page is loaded lazily: read the headings once its last section is there.
    await expect(
      page.getByRole('heading', { level: 2, name: /Frequently Asked Questions|FAQ/i }),
    ).toBeVisible();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    const order = [
      /Who We Are/i,
      /How It Works/i,
      /Our Impact/i,
      /Subscription Plans/i,
      /Features/i,
      /Who We Serve/i,
      /Why Choose/i,
      /Featured Event Packages/i,
      /Frequently Asked Questions|FAQ/i,
    ];
    let at = -1;
    for (const pattern of order) {
      const index = headings.findIndex((text, i) => i > at && pattern.test(text));
      expect(index, `section ${pattern} after position ${at} in ${JSON.stringify(headings)}`).toBeGreaterThan(
        at,
      );
      at = index;
    }
    const featured = page.getByRole('region', { name: /Featured Event Packages/i });
    // Wanjiru (Pro, featured listing) comes first; prices read Ksh.
    await expect(featured.getByRole('article')).toHaveCount(3);
    await expect(featured.getByText('Intimate Baby Shower')).toBeVisible();
    await expect(featured.getByText('Ksh 65,000')).toBeVisible();
    await expect(featured.getByRole('link', { name: /View & Book/ }).first()).toHaveAttribute(
      'href',
      '/packages',
    );
    await expect(page.getByRole('link', { name: 'See All Packages' })).toHaveAttribute('href', '/packages');
  });

  test('the impact counters count up to their final values', async ({ page }) => {
    await page.goto('/');
    const impact = page.getByRole('region', { name: /Our Impact/i });
    await impact.scrollIntoViewIfNeeded();
    // The animated figure is what sighted users see (screen readers get the final figure at once).
    for (const value of ['1000+', '500+', '2000+', '350+']) {
      await expect(impact.locator('[aria-hidden="true"]').getByText(value, { exact: true })).toBeVisible({
        timeout: 5_000,
      });
    }
  });

  test('the FAQ keeps one answer open at a time', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: /Frequently Asked Questions|FAQ/i });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(6);
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(3).click();
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the home plan cards cannot be chosen', async ({ page }) => {
    await page.goto('/');
    const plans = page.getByRole('region', { name: /Subscription Plans/i });
    await expect(plans.getByRole('button', { name: 'Choose Basic' })).toBeDisabled();
  });
});

test.describe('pricing', () => {
  test('choosing Free moves the Current Plan badge at once', async ({ page, registerAs }) => {
    await registerAs('client');
    // Basic is bought (a paid plan starts when its payment succeeds; plans-payment.spec.ts buys one on the page).
    await buyPlanThroughApi(page.request, 'basic');
    await page.goto('/pricing');
    const free = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Free' }) });
    const basic = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Basic' }) });
    await expect(basic.getByText('Current Plan').first()).toBeVisible();
    await expect(basic.getByText('$10/mo')).toBeVisible();
    await free.getByRole('button', { name: 'Choose Free' }).click();
    await expect(page.getByText('You are now on the Free plan.')).toBeVisible();
    await expect(free.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(basic.getByRole('button', { name: 'Choose Basic' })).toBeEnabled();
    // It is stored: a reload shows the same.
    await page.reload();
    await expect(
      page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Free' }) })
        .getByRole('button', { name: 'Current Plan' }),
    ).toBeVisible();
  });

  test('a guest choosing a plan is asked to log in', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await expect(page.getByRole('main').getByText('Please log in to change your plan.')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please log in to change your plan.' }),
    ).toBeVisible();
    // Its Log in opens the login form and comes back to the plans.
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?mode=login&next=%2Fpricing$/);
    await page.getByLabel('Email').fill(DEMO.client3);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('plan features are listed in words', async ({ page, visitAs }) => {
    await visitAs(DEMO.client3, '/pricing');
    const enterprise = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Enterprise' }) });
    await expect(enterprise.getByText('Priority Support')).toBeVisible();
    await expect(enterprise.getByText('Max Bookings Per Month: Unlimited')).toBeVisible();
    await expect(enterprise.getByText('Current Plan').first()).toBeVisible();
  });
});
