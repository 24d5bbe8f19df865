import { expectAccessible } from '../fixtures';
import { acceptThroughApi, expect, openBooking, pressBookNow, test } from './helpers/bookings';
import { formatDay, nairobiDayFromToday } from './helpers/days';
import { payBalanceThroughApi, payDepositThroughApi } from './helpers/payments';

const STRICT_KEEPS_DEPOSIT =
  'Cancelled by the client 30 to 89 days before the event (strict policy): the deposit is kept.';

// A planner's strict cancellation policy, from the package form to the refund: the client reads it
// before booking and, before confirming a cancellation, reads that the deposit is kept.
test.describe('cancellation policies @mobile', () => {
  test('a strict-policy cancellation shows the kept deposit in words before the client confirms', async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { planner, pkg } = await plannerWithPackage();

    // The planner makes the package strict in its form.
    await planner.page.goto(`/dashboard/packages/edit/${pkg._id}`);
    const policies = planner.page.getByRole('group', { name: 'Cancellation policy' });
    await expect(policies.getByRole('radio', { name: /Moderate/ })).toBeChecked();
    await policies.getByRole('radio', { name: /Strict/ }).check();
    await expectAccessible(planner.page);
    await planner.page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(planner.page.getByText('Package updated successfully!')).toBeVisible();

    // The client reads it on the package page, then with the dates of the day chosen.
    await registerAs('client');
    const day = nairobiDayFromToday(45);
    await page.goto(`/packages/${pkg._id}`);
    const aside = page.getByRole('complementary', { name: 'Price and planner' });
    await expect(aside.getByText(/^Strict: everything back if you cancel 90 or more days/)).toBeVisible();
    await pressBookNow(page, pkg._id, 'tap');
    const form = page.getByRole('dialog', { name: 'Book this package' });
    await form.getByLabel('Event date').fill(day);
    await expect(
      form.getByText(`Strict: Everything back was possible until ${formatDay(nairobiDayFromToday(-45))}.`),
    ).toBeVisible();
    await expect(
      form.getByText(
        `After that, until ${formatDay(nairobiDayFromToday(15))}, the deposit is kept and the rest is refunded; later, nothing is refunded.`,
      ),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByText('Booking request sent! The planner will reply soon.')).toBeVisible();

    const mine = (await (await page.request.get('/api/bookings/my')).json()).bookings as Array<{
      _id: string;
      cancellationPolicy: string;
    }>;
    const booking = mine[0];
    expect(booking?.cancellationPolicy).toBe('strict');
    await acceptThroughApi(planner.context.request, booking?._id ?? '');
    // Ksh 25,000: a deposit of Ksh 7,500, then the balance of Ksh 17,500.
    await payDepositThroughApi(page.request, booking?._id ?? '');
    await payBalanceThroughApi(page.request, booking?._id ?? '');

    const card = await openBooking(page, pkg.title);
    await expect(card.getByText('Cancellation policy')).toBeVisible();
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    const preview = dialog.getByRole('status');
    await expect(preview).toContainText('If you cancel now, Ksh 17,500 will be refunded.');
    await expect(preview).toContainText('The planner keeps Ksh 7,500 (the deposit).');
    await expect(preview).toContainText(STRICT_KEEPS_DEPOSIT);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();

    const refunds = card.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByText('Ksh 17,500', { exact: true })).toBeVisible();
    await expect(refunds.getByText(STRICT_KEEPS_DEPOSIT)).toBeVisible();
  });
});
