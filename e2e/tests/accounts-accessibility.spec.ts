import { DEMO, expect, expectAccessible, test, uniqueEmail } from '../fixtures';

test.describe('accounts and administration accessibility', () => {
  test('reset password: request, sent and reset modes', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Email').fill(uniqueEmail('a11y'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();
    await expectAccessible(page);
  });

  test('test email, with its success message', async ({ page }) => {
    await page.goto('/test-email');
    await expect(page.getByRole('button', { name: 'Send Test Email' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email address').fill(uniqueEmail('a11y'));
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await expectAccessible(page);
  });

  test('contact, as a guest and as a client', async ({ page, visitAs }) => {
    await page.goto('/contact');
    await expect(page.getByText('Please log in to send us a message.')).toBeVisible();
    await expectAccessible(page);
    await visitAs(DEMO.client2, '/contact');
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.client2);
    await expectAccessible(page);
  });

  test('dashboard messages and users (admin)', async ({ page, visitAs }) => {
    await visitAs(DEMO.admin, '/dashboard/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('article').first().or(page.getByText('No messages yet.'))).toBeVisible();
    await expectAccessible(page);

    await page.goto('/dashboard/users');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
    // Other tests add users in parallel: find a known one rather than counting rows.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(DEMO.planner);
    const row = page.getByRole('article').filter({ hasText: DEMO.planner });
    await expect(page.getByRole('article')).toHaveCount(1);
    await row.getByRole('button', { name: /^Delete/ }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect(deleteDialog).toBeVisible();
    await expectAccessible(page);
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();

    // The role change asks first; cancelled, the demo planner stays a planner.
    const role = row.getByRole('combobox');
    await role.selectOption('admin');
    const roleDialog = page.getByRole('dialog', { name: 'Change role' });
    await expect(roleDialog).toContainText('An admin can change and delete every user');
    await expectAccessible(page);
    await roleDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(roleDialog).toBeHidden();
    await expect(role).toHaveValue('planner');
  });
});

test.describe('accounts and administration on a phone @mobile', () => {
  /** Nothing sticks out to the right: no sideways scrolling on a phone. */
  async function expectNoSidewaysScroll(page: import('@playwright/test').Page) {
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test('users are readable cards and the contact form fits', async ({ page, visitAs }) => {
    await visitAs(DEMO.admin, '/dashboard/users');
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    // A card, not a squeezed table row: the role dropdown sits under the name, full width.
    const cardBox = await card.boundingBox();
    const selectBox = await card.getByRole('combobox').boundingBox();
    const nameBox = await card.getByRole('heading').boundingBox();
    expect(cardBox && selectBox && nameBox).toBeTruthy();
    if (cardBox && selectBox && nameBox) {
      expect(selectBox.y).toBeGreaterThan(nameBox.y + nameBox.height);
      expect(selectBox.width).toBeGreaterThan(cardBox.width * 0.8);
    }
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.goto('/contact');
    await expect(page.getByText('Admins are not allowed to send messages via this form.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
