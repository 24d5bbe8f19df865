import { expect, test } from '../fixtures';
import { outboxMailsTo, waitForMailedLink } from './helpers/outbox';

const RESET_DONE = 'Your password has been reset. You can now log in.';

test.describe('password reset by email', () => {
  test('request a link, follow it from the mail, set a new password, log in with it; the old one and the link stop working', async ({
    page,
    registerAs,
  }) => {
    const { email, name } = await registerAs('client');
    // A visitor who is not logged in.
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();

    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(
      page.getByText('If an account exists for that email, a link to reset its password is on its way.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

    const link = await waitForMailedLink(email, '/reset-password');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+$/);
    expect((await outboxMailsTo(email))[0]).toContain('Reset your Sherehe password');

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('fresh-password-1');
    await page.getByLabel('Confirm new password').fill('fresh-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill('fresh-password-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: RESET_DONE })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?mode=login$/, { timeout: 5_000 });

    // Log in with the new password: the page opens on Login, not Sign Up.
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('fresh-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText(name)).toBeVisible();

    // The old password no longer works.
    const old = await page.request.post('/api/auth/login', { data: { email, password: 'e2e-password' } });
    expect(old.status()).toBe(401);

    // The link was single use.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm new password').fill('another-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('This reset link is invalid or has expired. Please ask for a new one.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  });

  test('an unknown address gets the same answer and no mail', async ({ page }) => {
    const email = `nobody-${Date.now()}@example.test`;
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await page.getByRole('button', { name: "Didn't receive it? Try again" }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(await outboxMailsTo(email)).toEqual([]);
  });
});
