import { expectAccessible } from '../fixtures';
import { expect, openBooking, pressBookNow, test } from './helpers/bookings';
import { futureDay } from './helpers/days';

// On a phone, where these journeys happen: buttons that could only be refused are not offered.
test.describe('offering only what can be done @mobile', () => {
  test('a client who requested a package sees View your request instead of Book Now @mobile', async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { pkg } = await plannerWithPackage();
    await registerAs('client');
    await pressBookNow(page, pkg._id, 'tap');
    const form = page.getByRole('dialog', { name: 'Book this package' });
    await form.getByLabel('Event date').fill(futureDay());
    await form.getByRole('button', { name: 'Book Now' }).tap();
    await expect(form).toBeHidden();
    const request = page.getByRole('link', { name: 'View your request' });
    await expect(request).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await expectAccessible(page);

    // Still so after a reload: the page knows of the open request.
    await page.reload();
    await expect(page.getByRole('link', { name: 'View your request' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await page.getByRole('link', { name: 'View your request' }).tap();
    await expect(page).toHaveURL(/\/dashboard\/bookings\?with=[0-9a-f-]{36}&booking=[0-9a-f-]{36}$/);
    await expect(page.getByRole('article').filter({ hasText: pkg.title })).toBeFocused();
  });

  test('a Free client who used this month’s request is told before the form, with Upgrade @mobile', async ({
    page,
    plannerWithPackage,
    packageOf,
    registerAs,
  }) => {
    const { planner, pkg: first } = await plannerWithPackage();
    const second = await packageOf(planner);
    await registerAs('client');
    await page.goto(`/packages/${first._id}`);
    await expect(
      page.getByText('You can send 1 booking request a month on Free; 1 left this month.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Book Now' }).tap();
    const form = page.getByRole('dialog', { name: 'Book this package' });
    await form.getByLabel('Event date').fill(futureDay());
    await form.getByRole('button', { name: 'Book Now' }).tap();
    await expect(form).toBeHidden();

    await page.goto(`/packages/${second._id}`);
    await expect(
      page.getByText('You can send 1 booking request a month on Free; you have used it.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Upgrade' }).tap();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('a deposit started, then the page refreshed, shows the payment waiting on its phone, not Pay @mobile', async ({
    page,
    acceptedBooking,
  }) => {
    const setup = await acceptedBooking();
    const booking = await openBooking(page, setup.pkg.title);
    // Before the deposit: what is left after it (Ksh 25,000 less Ksh 7,500), not the whole price.
    await expect(booking.getByText('Balance after the deposit')).toBeVisible();
    await expect(booking.getByText(/^Ksh 17,500 by /)).toBeVisible();
    await booking.getByRole('button', { name: 'Pay deposit' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Pay the deposit' });
    // The simulator's phone ending 1037 cannot be reached: no answer comes.
    await dialog.getByLabel('M-Pesa phone number').fill('0712 341 037');
    await dialog.getByRole('button', { name: 'Pay Ksh 7,500 with M-Pesa' }).tap();
    await expect(dialog.getByRole('status')).toContainText('Waiting for your M-Pesa PIN on 0712 341 037…');

    await page.reload();
    await expect(booking.getByText('Waiting for your M-Pesa PIN on 0712 341 037…')).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Pay deposit' })).toHaveCount(0);
    // Upcoming tells the payment waiting, not the deposit as due now.
    await expect(
      page.getByText(`${setup.pkg.title}: Payment of Ksh 7,500 waiting to be completed`),
    ).toBeVisible();
    await expect(page.getByText(`${setup.pkg.title}: Deposit of Ksh 7,500 due now`)).toHaveCount(0);
    await expectAccessible(page);
  });
});
