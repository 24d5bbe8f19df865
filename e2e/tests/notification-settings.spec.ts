import { expect, expectAccessible, test } from '../fixtures';

test.describe('notification switches on the profile', () => {
  test('says SMS needs a verified phone, saves a switch and keeps it after a reload', async ({
    page,
    registerAs,
  }) => {
    await registerAs('client');
    await page.goto('/profile');
    const card = page.getByRole('form', { name: 'Notifications' });
    await expect(card.getByText('SMS needs a verified phone number')).toBeVisible();
    await expect(card.getByRole('checkbox')).toHaveCount(8);
    const chat = card.getByRole('checkbox', { name: 'Unread chat messages by Email' });
    await expect(chat).toBeChecked();
    await chat.uncheck();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/user/notifications') && response.request().method() === 'PATCH',
    );
    await card.getByRole('button', { name: 'Save notifications' }).click();
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ email: { chat: false } });
    await expect(page.getByText('Notification settings saved.')).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole('form', { name: 'Notifications' })
        .getByRole('checkbox', { name: 'Unread chat messages by Email' }),
    ).not.toBeChecked();
    await expect(
      page
        .getByRole('form', { name: 'Notifications' })
        .getByRole('checkbox', { name: 'Unread chat messages by SMS' }),
    ).toBeChecked();
    await expectAccessible(page);
  });
});
