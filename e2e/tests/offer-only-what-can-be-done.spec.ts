import { expect, expectAccessible, test, uniqueSuffix } from '../fixtures';
import { createPackage, deletePackage, futureDay, openSession } from './helpers/bookings';
import { type AcceptedBooking, acceptedBooking, discardAcceptedBooking } from './helpers/payments';

// On a phone, where these journeys happen: buttons that could only be refused are not offered.
test.describe('offering only what can be done @mobile', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client who requested a package sees View your request instead of Book Now @mobile', async ({
    page,
    browser,
    registerAs,
  }) => {
    const planner = await openSession(browser, {
      register: 'planner',
      name: `E2E Planner ${uniqueSuffix()}`,
    });
    const pkg = await createPackage(planner.context.request);
    try {
      await registerAs('client');
      await page.goto(`/packages/${pkg._id}`);
      await page.getByRole('button', { name: 'Book Now' }).tap();
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
    } finally {
      await deletePackage(planner.context.request, pkg._id);
      await planner.context.close();
    }
  });

  test('a Free client who used this month’s request is told before the form, with Upgrade @mobile', async ({
    page,
    browser,
    registerAs,
  }) => {
    const planner = await openSession(browser, {
      register: 'planner',
      name: `E2E Planner ${uniqueSuffix()}`,
    });
    const first = await createPackage(planner.context.request);
    const second = await createPackage(planner.context.request);
    try {
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
    } finally {
      await deletePackage(planner.context.request, first._id);
      await deletePackage(planner.context.request, second._id);
      await planner.context.close();
    }
  });

  let setup: AcceptedBooking | undefined;
  test.afterEach(async () => {
    if (setup) await discardAcceptedBooking(setup);
    setup = undefined;
  });

  test('a deposit started, then the page refreshed, shows the payment waiting on its phone, not Pay @mobile', async ({
    page,
    browser,
    registerAs,
  }) => {
    await registerAs('client');
    setup = await acceptedBooking(browser, page);
    await page.goto('/dashboard/bookings');
    const booking = page.getByRole('article').filter({ hasText: setup.pkg.title });
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
