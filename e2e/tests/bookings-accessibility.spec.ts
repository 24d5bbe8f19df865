import { DEMO, expectAccessible } from '../fixtures';
import { demoPackageOf, expect, openChat, pressBookNow, test } from './helpers/bookings';
import { futureDay } from './helpers/days';

test.describe('bookings, chat and analytics accessibility', () => {
  test('the package page with the booking form open, and with the limit dialog', async ({
    page,
    registerAs,
  }) => {
    await registerAs('client');
    const pkg = await demoPackageOf(page.request, DEMO.planner2);
    await page.goto(`/packages/${pkg._id}?book=1`);
    const form = page.getByRole('dialog', { name: 'Book this package' });
    await expect(form.getByLabel('Event date')).toBeVisible();
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(form.getByText('Please select a date for your event.')).toBeVisible();
    await expectAccessible(page);
  });

  test('the bookings page with a chat open, and the planner’s actions', async ({
    page,
    demoPlannerWithPackage,
    clientBooking,
  }) => {
    const { planner, pkg } = await demoPlannerWithPackage(DEMO.plannerFree, 0);
    const { client: me } = await clientBooking(pkg);
    const chat = await openChat(page, planner.user.username);
    await expect(chat.getByText('No messages yet. Say hello!')).toBeVisible();
    await chat.getByLabel(/Message to/).fill('Hello there!');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText('Hello there!')).toBeVisible();
    await expect(chat.getByText('Sending...')).toHaveCount(0);
    await expectAccessible(page);

    // The planner's view of it: actions, and the question before rejecting.
    await planner.page.goto(`/dashboard/bookings?with=${me._id}`);
    await expect(planner.page.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expectAccessible(planner.page);
    await planner.page.getByRole('button', { name: 'Reject' }).click();
    await expect(planner.page.getByRole('dialog', { name: 'Reject this booking?' })).toBeVisible();
    await expectAccessible(planner.page);
  });

  test('analytics, with figures and charts and with the upgrade prompt', async ({ page, visitAs }) => {
    await visitAs(DEMO.planner, '/dashboard/analytics');
    await expect(page.getByRole('img', { name: 'Revenue by month' })).toBeVisible({ timeout: 20_000 });
    await page.getByText('Show the numbers').first().click();
    await expectAccessible(page);
  });

  test('analytics upgrade prompt', async ({ page, visitAs }) => {
    await visitAs(DEMO.plannerFree, '/dashboard/analytics');
    await expect(page.getByRole('link', { name: 'View Pricing Plans' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
  });

  test('reviews on a package page and a planner’s profile', async ({ page }) => {
    const pkg = await demoPackageOf(page.request, DEMO.planner);
    await page.goto(`/packages/${pkg._id}`);
    await expect(page.getByRole('region', { name: 'Reviews' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/user/${pkg.planner._id}`);
    await expect(page.getByRole('region', { name: 'Reviews' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('bookings on a phone @mobile', () => {
  test('a client books through the form and opens the chat on a phone', async ({
    page,
    demoPlannerWithPackage,
    registerAs,
  }) => {
    const { planner, pkg } = await demoPlannerWithPackage(DEMO.planner2, 3);
    await registerAs('client');
    await pressBookNow(page, pkg._id);
    const form = page.getByRole('dialog', { name: 'Book this package' });
    const box = await form.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await form.getByLabel('Event date').fill(futureDay());
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByText('Booking request sent! The planner will reply soon.')).toBeVisible();

    const chat = await openChat(page, planner.user.username);
    await expect(chat.getByText('No messages yet. Say hello!')).toBeVisible();
    const height = (await chat.boundingBox())?.height ?? 0;
    expect(height).toBeGreaterThanOrEqual(300);
    expect(height).toBeLessThanOrEqual(400);
    await expectAccessible(page);
  });
});
