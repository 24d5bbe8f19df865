import { expect, test, uniqueEmail } from '../fixtures';
import { outboxMailsTo } from './helpers/outbox';

test.describe('test email page', () => {
  test('sends the test message and says so in green; the outbox has it', async ({ page }) => {
    const email = uniqueEmail('test-email');
    await page.goto('/test-email');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.getByRole('status')).toHaveText('Test email sent successfully! Check your inbox.');
    await expect.poll(async () => (await outboxMailsTo(email)).length).toBe(1);
    expect((await outboxMailsTo(email))[0]).toContain('Sherehe test email');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a refusal by the server is shown in red with its message', async ({ page }) => {
    await page.route('**/api/auth/test-email', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'MAIL_FAILED',
          message: 'The mail server did not accept the message. Please try again later.',
        }),
      }),
    );
    await page.goto('/test-email');
    await page.getByLabel('Email address').fill(uniqueEmail('test-email'));
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to send' })).toHaveText(
      'Failed to send test email: The mail server did not accept the message. Please try again later.',
    );
  });
});
