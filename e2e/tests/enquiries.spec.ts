import { expectAccessible, uniqueSuffix } from '../fixtures';
import { expect, test } from './helpers/bookings';

test.describe('asking a planner before booking @mobile', () => {
  test('a client asks for a quote without a date; the planner sees the enquiry and answers in the chat', async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { planner, pkg } = await plannerWithPackage(`E2E Planner ${uniqueSuffix()}`);
    const client = await registerAs('client', `E2E Client ${uniqueSuffix()}`);

    await page.goto(`/packages/${pkg._id}`);
    await page.getByRole('button', { name: 'Ask for a quote' }).click();
    const dialog = page.getByRole('dialog', { name: `Ask ${planner.user.username}` });
    await expect(dialog.getByLabel('Event date (optional)')).toBeVisible();
    await expectAccessible(page);

    // The message is required: the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(dialog.getByText('Please write a message for the planner.')).toBeVisible();

    await dialog.getByLabel('Guests (optional)').fill('120');
    await dialog.getByLabel('Budget in Ksh (optional)').fill('200000');
    await dialog.getByLabel('Your message').fill('Can you do a garden party in Karen?');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();

    // The enquiry's chat on the bookings page.
    await expect(page).toHaveURL(/\/dashboard\/bookings\?/);
    const mine = page.getByRole('article').filter({ hasText: pkg.title });
    await expect(mine.getByText('Enquiry', { exact: true })).toBeVisible();
    await expect(mine.getByText('Date to be agreed')).toBeVisible();

    // The planner sees it on their bookings page, labelled, and answers in its chat.
    await planner.page.goto('/dashboard/bookings');
    const theirs = planner.page.getByRole('article').filter({ hasText: pkg.title });
    await expect(theirs.getByText('Enquiry', { exact: true })).toBeVisible();
    await expect(theirs.getByText('Date to be agreed')).toBeVisible();
    await expect(theirs.getByText('Can you do a garden party in Karen?')).toBeVisible();
    // Never accepted as it is: no Accept button, Decline is there.
    await expect(theirs.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await theirs.getByRole('button', { name: /chat with/ }).click();
    const chat = planner.page.getByRole('region', { name: `Chat with ${client.name}` });
    await chat.getByLabel(/Message to/).fill('Yes! Which month are you thinking of?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText('Yes! Which month are you thinking of?')).toHaveCount(1);

    // The client reads the answer in the enquiry's chat.
    await page.goto('/dashboard/bookings');
    await mine.getByRole('button', { name: /Open chat/ }).click();
    await expect(
      page
        .getByRole('region', { name: `Chat with ${planner.user.username}` })
        .getByText('Yes! Which month are you thinking of?'),
    ).toBeVisible();
  });

  test("a client sends a message from a planner's profile", async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { planner } = await plannerWithPackage(`E2E Planner ${uniqueSuffix()}`);
    await registerAs('client', `E2E Client ${uniqueSuffix()}`);

    await page.goto(`/user/${planner.user._id}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const dialog = page.getByRole('dialog', { name: `Ask ${planner.user.username}` });
    await dialog.getByLabel('Your message').fill('Do you plan corporate retreats?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(page).toHaveURL(/\/dashboard\/bookings\?/);
    const card = page.getByRole('article').filter({ hasText: `Enquiry to ${planner.user.username}` });
    await expect(card.getByText('Date to be agreed')).toBeVisible();
    await expect(card.getByText('Do you plan corporate retreats?')).toBeVisible();
  });
});
