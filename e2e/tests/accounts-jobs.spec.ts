import {
  DEMO,
  expect,
  expectAccessible,
  expectSentToUnauthorized,
  followDashboardMenu,
  mailJobSummary,
  SEEDED_JOBS,
  test,
} from '../fixtures';
import { outboxMailsTo } from './helpers/outbox';

const RETRIED = 'The job will run again shortly.';

test.describe('background jobs (admin)', () => {
  test('the admin finds a failed mail through the menu, reads why it failed, and retries it', async ({
    page,
    visitAs,
  }) => {
    const job = SEEDED_JOBS.toRetry;
    await visitAs(DEMO.admin, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'All Packages' })).toBeVisible();
    await followDashboardMenu(page, 'Background jobs');
    await expect(page).toHaveURL(/\/dashboard\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();

    const card = page.getByRole('article', { name: mailJobSummary(job) });
    await expect(card).toBeVisible();
    await expect(card.getByText('mail', { exact: true })).toBeVisible();
    await expect(card.getByText('15 of 15 tries')).toBeVisible();
    await expect(card.getByText(job.lastError)).toBeVisible();
    await expect(card.getByText('Status: Failed')).toBeVisible();
    await expect(page.getByRole('article', { name: mailJobSummary(SEEDED_JOBS.toRead) })).toBeVisible();
    await expectAccessible(page);

    // The answer is held back so the busy state can be seen, whatever the machine's speed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/jobs/*/retry', async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole('button', { name: /^Retry/ }).click();
    const busy = card.getByRole('button', { name: /^Retrying\.\.\./ });
    await expect(busy).toBeDisabled();
    release();

    await expect(page.getByText(RETRIED)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('article', { name: mailJobSummary(SEEDED_JOBS.toRead) })).toBeVisible();

    // Started over, the mail goes out (the test server writes it to its outbox).
    await expect
      .poll(async () => (await outboxMailsTo(job.payload.to)).length, { timeout: 15_000 })
      .toBeGreaterThan(0);

    // Among all jobs it is still listed, no longer failed and with nothing to retry.
    await page.getByLabel('Show').selectOption({ label: 'All jobs' });
    await expect(page).toHaveURL(/\/dashboard\/jobs\?status=all$/);
    const again = page.getByRole('article', { name: mailJobSummary(job) });
    await expect(again).toBeVisible();
    await expect(again.getByText(/^Status: (Pending|Running|Done)$/)).toBeVisible();
    await expect(again.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a client is refused the page, the menu entry and the API', async ({ page, visitAs }) => {
    await visitAs(DEMO.client, '/dashboard/jobs');
    await expectSentToUnauthorized(page, 'client');

    await page.goto('/dashboard/bookings');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Background jobs' })).toHaveCount(0);
    expect((await page.request.get('/api/admin/jobs?status=failed')).status()).toBe(403);
  });
});

test.describe('background jobs on a phone @mobile', () => {
  test('the failed jobs are readable cards with a large Retry button', async ({ page, visitAs }) => {
    await visitAs(DEMO.admin, '/dashboard');
    // The drawer belongs to the page it opened on: wait for /dashboard to settle on its landing page.
    await expect(page.getByRole('heading', { level: 1, name: 'All Packages' })).toBeVisible();
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page
      .getByRole('dialog', { name: 'Dashboard' })
      .getByRole('link', { name: 'Background jobs' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();

    const card = page.getByRole('article', { name: mailJobSummary(SEEDED_JOBS.toRead) });
    await expect(card.getByText(SEEDED_JOBS.toRead.lastError)).toBeVisible();
    const cardBox = await card.boundingBox();
    const retryBox = await card.getByRole('button', { name: /^Retry/ }).boundingBox();
    expect(cardBox && retryBox).toBeTruthy();
    if (cardBox && retryBox) {
      expect(retryBox.height).toBeGreaterThanOrEqual(44);
      expect(retryBox.width).toBeGreaterThan(cardBox.width * 0.8);
    }
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
