import { DEMO, expectAccessible } from '../fixtures';
import { expect, openBooking, test } from './helpers/bookings';
import { payDepositThroughApi, setProfilePhone } from './helpers/payments';

// The server runs the payment simulator (e2e/start-server.mjs): an M-Pesa number's last four digits
// decide what the "phone" does (1032 cancels; most others pay), and the card checkout has Pay and Decline.
test.describe('paying a booking', () => {
  test('the client pays the deposit by M-Pesa and both parties see it paid at once', async ({
    page,
    acceptedBooking,
  }) => {
    const { planner, pkg } = await acceptedBooking();
    await setProfilePhone(page.request, '+254 712 345 678');

    // The planner has the booking open meanwhile.
    const plannerBooking = await openBooking(planner.page, pkg.title);
    await expect(plannerBooking.getByText('Not paid yet')).toBeVisible();

    const booking = await openBooking(page, pkg.title);
    await expect(booking.getByText('Not paid yet')).toBeVisible();
    await booking.getByRole('button', { name: 'Pay deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay the deposit' });
    await expect(dialog.getByText('Amount to pay: Ksh 7,500')).toBeVisible();
    await expect(dialog.getByLabel('M-Pesa phone number')).toHaveValue('0712 345 678');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Pay Ksh 7,500 with M-Pesa' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toContainText('Waiting for your M-Pesa PIN on 0712 345 678…');
    await expect(status).toHaveText(/^Paid Ksh 7,500\. M-Pesa receipt: [A-Z0-9]+\.$/, { timeout: 20_000 });
    const receipt = /M-Pesa receipt: ([A-Z0-9]+)\./.exec((await status.textContent()) ?? '')?.[1] ?? '';
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await expect(booking.getByText('Deposit paid')).toBeVisible();
    await expect(booking.getByText(`Receipt no. ${receipt}`)).toBeVisible();
    await expect(booking.getByRole('link', { name: /^Receipt/ })).toHaveAttribute('target', '_blank');
    await expect(booking.getByRole('button', { name: 'Pay balance' })).toBeVisible();

    // The planner's open page has it without a reload.
    await expect(plannerBooking.getByText('Deposit paid')).toBeVisible();
    await expect(plannerBooking.getByText(`Receipt no. ${receipt}`)).toBeVisible();

    // The printable receipt opens in a new tab with the facts of the payment.
    const [receiptPage] = await Promise.all([
      page.context().waitForEvent('page'),
      booking.getByRole('link', { name: /^Receipt/ }).click(),
    ]);
    await expect(receiptPage.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect(receiptPage.getByText(receipt, { exact: true })).toBeVisible();
    await expect(receiptPage.getByText('Ksh 7,500').first()).toBeVisible();
    await expect(receiptPage.getByText(pkg.title).first()).toBeVisible();
    await expect(receiptPage.getByText(planner.user.username, { exact: true })).toBeVisible();
    await receiptPage.close();

    // The planner's Payments page counts it: received, the platform's 10 %, and what they keep.
    await planner.page.getByRole('link', { name: 'Payments' }).first().click();
    await expect(planner.page).toHaveURL(/\/dashboard\/payments$/);
    await expect(planner.page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    const totals = planner.page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText('Ksh 7,500');
    await expect(totals).toContainText('Ksh 750');
    await expect(totals).toContainText('Ksh 6,750');
    await expect(planner.page.getByText(receipt).first()).toBeVisible();
    await expectAccessible(planner.page);
  });

  test('a payment cancelled on the phone says so, and nothing is paid', async ({
    page,
    acceptedBooking,
    session,
  }) => {
    const setup = await acceptedBooking();

    const booking = await openBooking(page, setup.pkg.title);
    await booking.getByRole('button', { name: 'Pay deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay the deposit' });
    await dialog.getByLabel('M-Pesa phone number').fill('0712 341 032');
    await dialog.getByRole('button', { name: 'Pay Ksh 7,500 with M-Pesa' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toContainText('Waiting for your M-Pesa PIN on 0712 341 032…');
    await expect(status).toHaveText('The payment was cancelled on the phone.', { timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expect(booking.getByText('Not paid yet')).toBeVisible();
    await expect(booking.getByText('Status: Cancelled', { exact: true })).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Pay deposit' })).toBeVisible();
    await page.reload();
    await expect(booking.getByText('Not paid yet')).toBeVisible();

    // An admin finds it among every payment by filtering on cancelled M-Pesa payments.
    const admin = await session({ email: DEMO.admin });
    await admin.page.goto('/dashboard/payments');
    await admin.page.getByLabel('Status').selectOption({ label: 'Cancelled' });
    await admin.page.getByLabel('Method').selectOption({ label: 'M-Pesa' });
    await expect(admin.page).toHaveURL(/status=cancelled/);
    await expect(admin.page).toHaveURL(/method=mpesa/);
    await expect(admin.page.getByText(setup.pkg.title).first()).toBeVisible();
    await admin.page.reload();
    await expect(admin.page.getByLabel('Status')).toHaveValue('cancelled');
    await expect(admin.page.getByText(setup.pkg.title).first()).toBeVisible();
    await expectAccessible(admin.page);
  });

  test('with the deposit paid, the client pays the balance by card through the checkout page', async ({
    page,
    acceptedBooking,
  }) => {
    const setup = await acceptedBooking();
    await payDepositThroughApi(page.request, setup.bookingId);

    const booking = await openBooking(page, setup.pkg.title);
    await expect(booking.getByText('Deposit paid')).toBeVisible();
    await booking.getByRole('button', { name: 'Pay balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay the balance' });
    await dialog.getByLabel('Card (Visa or Mastercard)').check();
    await expect(dialog.getByLabel('M-Pesa phone number')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Continue to card payment' }).click();

    await expect(page).toHaveURL(/\/__sim\/paystack\/checkout\//);
    await page.getByRole('button', { name: /^Pay Ksh 17,500/ }).click();

    await expect(page).toHaveURL(/\/dashboard\/bookings/);
    await expect(page.getByRole('status').filter({ hasText: 'by card' })).toHaveText(
      /^Paid Ksh 17,500 by card\. Reference: \S+\.$/,
      { timeout: 20_000 },
    );
    await expect(booking.getByText('Paid in full')).toBeVisible();
    await expect(booking.getByRole('button', { name: /Pay (deposit|balance)/ })).toHaveCount(0);
    // The address no longer names the payment: a reload does not tell it again.
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await page.reload();
    await expect(booking.getByText('Paid in full')).toBeVisible();
    await expect(page.getByText(/by card\. Reference/)).toHaveCount(0);
  });
});
