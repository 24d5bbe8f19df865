import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test, uniqueEmail } from '../fixtures';

test.describe('your data, your choice', () => {
  test('a client who signed up downloads their data, then deletes the account and cannot sign in again', async ({
    page,
  }) => {
    const email = uniqueEmail('privacy');
    const password = 'my-own-password';
    const name = 'Wairimu Kamau';

    // Signing up says what is accepted, with both documents a click away.
    await page.goto('/login');
    const form = page.locator('form');
    await expect(form).toContainText('By creating an account you accept the Terms and the Privacy notice.');
    await expect(form.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await expect(form.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Role').selectOption('client');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('banner').getByText(name)).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();

    // A real download, under the server's name, holding their own account.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sherehe-data-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(saved.user.email).toBe(email);
    expect(JSON.stringify(saved)).not.toContain(password);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('Payment records are kept, as the law requires.');
    await expect(dialog).toContainText('Open bookings are cancelled by the cancellation policy');
    await expectAccessible(page);

    // A wrong password is refused under the field, and nothing happens.
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('That is not your password.')).toBeVisible();
    await expect(dialog.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(name)).toHaveCount(0);

    // The account is gone: signing in with it is refused like an unknown one.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).last().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).first().click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the terms and the privacy notice', () => {
  for (const { address, title, other } of [
    { address: '/terms', title: 'Terms of use', other: '/sw/terms' },
    { address: '/privacy', title: 'Privacy notice', other: '/sw/privacy' },
    { address: '/sw/terms', title: 'Masharti ya matumizi', other: '/terms' },
    { address: '/sw/privacy', title: 'Ilani ya faragha', other: '/privacy' },
  ]) {
    test(`${address} is rendered on the server, names its twin, and passes axe`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(address)).text();
      expect(html).toContain(`>${title}</h1>`);
      expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="(en|sw)" href="[^"]*${other}">`));

      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(/^(Version of|Toleo la) /)).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the privacy notice says how long things are kept and how to ask; the footer links both', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByText(/seven years, because the Kenya Revenue Authority \(KRA\)/)).toBeVisible();
    await expect(page.getByText('Everything else: until you delete your account.')).toBeVisible();
    await page.getByRole('link', { name: 'Write to us on the contact page' }).click();
    await expect(page).toHaveURL(/\/contact$/);

    await page.goto('/');
    await page.keyboard.press('End');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  });

  test('the Kiswahili sign-up links to the Kiswahili terms and privacy notice', async ({ page }) => {
    await page.goto('/sw/login');
    const form = page.locator('form');
    await expect(form).toContainText(
      'Kwa kufungua akaunti, unakubali Masharti ya matumizi na Ilani ya faragha.',
    );
    await form.getByRole('link', { name: 'Ilani ya faragha' }).click();
    await expect(page).toHaveURL(/\/sw\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ilani ya faragha' })).toBeVisible();
    await expect(page.getByText(/Mamlaka ya Ushuru ya Kenya \(KRA\)/)).toBeVisible();
  });
});
