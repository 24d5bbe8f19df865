import { expectAccessible } from '../fixtures';
import { expect, openBooking, test } from './helpers/bookings';
import { outboxMailsTo } from './helpers/outbox';
import { payDepositThroughApi } from './helpers/payments';

const FULL_REFUND_RULE =
  'Cancelled by the client 30 days or more before the event: everything paid is refunded.';

// The server runs the payment simulator (e2e/start-server.mjs): the deposit is paid by M-Pesa and
// the refund goes back as an M-Pesa reversal, whose result the simulator posts a moment later.
test.describe('refunds', () => {
  test('the client cancels a paid booking, sees the refund before confirming, then both parties see it', async ({
    page,
    acceptedBooking,
  }) => {
    // A year ahead: the client cancels 30 days or more before the event, so everything comes back.
    const { client, planner, pkg, bookingId } = await acceptedBooking();
    await payDepositThroughApi(page.request, bookingId);

    const plannerBooking = await openBooking(planner.page, pkg.title);
    await expect(plannerBooking.getByText('Deposit paid')).toBeVisible();

    const booking = await openBooking(page, pkg.title);
    await expect(booking.getByText('Deposit paid')).toBeVisible();
    await booking.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Before confirming: what cancelling now gives back, and the rule that decides it.
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    const preview = dialog.getByRole('status');
    await expect(preview).toContainText('If you cancel now, Ksh 7,500 will be refunded.');
    await expect(preview).toContainText(FULL_REFUND_RULE);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();

    // The refund on the booking: amount, its rule, and (once the reversal's result came) refunded.
    const refunds = booking.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByText('Ksh 7,500', { exact: true })).toBeVisible();
    await expect(refunds.getByText(FULL_REFUND_RULE)).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(refunds.getByText(/Refunded$/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page);

    // The planner sees the same refund on their side.
    await expect(async () => {
      await planner.page.reload();
      const plannerRefunds = plannerBooking.getByRole('region', { name: 'Refunds' });
      await expect(plannerRefunds.getByText('Ksh 7,500', { exact: true })).toBeVisible({ timeout: 2_000 });
      await expect(plannerRefunds.getByText(FULL_REFUND_RULE)).toBeVisible({ timeout: 2_000 });
      await expect(plannerRefunds.getByText(/Refunded$/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // And the client's mail says how much and why.
    await expect
      .poll(
        async () =>
          (await outboxMailsTo(client.email)).find((mail) => mail.includes(`Your refund for ${pkg.title}`)) ??
          '',
        {
          timeout: 20_000,
        },
      )
      .toContain('Ksh 7,500');
    const mail =
      (await outboxMailsTo(client.email)).find((each) => each.includes(`Your refund for ${pkg.title}`)) ?? '';
    expect(mail).toContain(FULL_REFUND_RULE);
  });
});
