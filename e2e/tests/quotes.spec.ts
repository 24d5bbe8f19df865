import { expectAccessible } from '../fixtures';
import { expect, openBooking, test } from './helpers/bookings';

test.describe('quotes on a phone @mobile', () => {
  test('the planner quotes from the bookings page; the client sees it on the booking and in the chat, and accepts', async ({
    page,
    requestedBooking,
  }) => {
    const { planner, pkg } = await requestedBooking();
    // The planner on a phone too.
    const phone = page.viewportSize();
    if (phone) await planner.page.setViewportSize(phone);

    // The planner sends a quote from the request on the bookings page.
    const plannerBooking = await openBooking(planner.page, pkg.title);
    await plannerBooking.getByRole('button', { name: 'Send a quote' }).click();
    const dialog = planner.page.getByRole('dialog', { name: 'Send a quote' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Price (Ksh)').fill('0');
    await dialog.getByRole('button', { name: 'Send quote' }).click();
    await expect(dialog.getByText('The price must be more than Ksh 0.')).toBeVisible();
    await dialog.getByLabel('Price (Ksh)').fill('20000');
    await dialog.getByLabel('Deposit (%)').fill('20');
    await dialog.getByLabel('Expires in (days)').fill('5');
    await dialog.getByLabel('Message (optional)').fill('Flowers and tents included.');
    await expectAccessible(planner.page);
    await dialog.getByRole('button', { name: 'Send quote' }).click();
    await expect(dialog).toBeHidden();
    const plannerQuote = plannerBooking.getByRole('region', { name: 'Quote' });
    await expect(plannerQuote).toContainText('Waiting for an answer');

    // The client sees the offer on the booking, and in its chat.
    const clientBooking = await openBooking(page, pkg.title);
    const clientQuote = clientBooking.getByRole('region', { name: 'Quote' }).first();
    await expect(clientQuote).toContainText('Price: Ksh 20,000');
    await expect(clientQuote).toContainText('Deposit: 20% (Ksh 4,000)');
    await expect(clientQuote).toContainText('Flowers and tents included.');
    await clientBooking.getByRole('button', { name: /Open chat/ }).tap();
    await expect(clientBooking.getByRole('region', { name: 'Quote' })).toHaveCount(2);
    await expectAccessible(page);

    // The client accepts: the booking is accepted at the quoted price, on both screens.
    await clientQuote.getByRole('button', { name: 'Accept' }).tap();
    await expect(clientQuote).toContainText('Accepted');
    await expect(clientBooking.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(clientBooking).toContainText('Ksh 20,000');
    await expect(clientBooking).not.toContainText('Ksh 25,000');
    // The planner's open page hears of it through the socket.
    await expect(plannerQuote).toContainText('Accepted');
    await expect(plannerBooking.getByRole('button', { name: 'Send a quote' })).toHaveCount(0);
  });
});
