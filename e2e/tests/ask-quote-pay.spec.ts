import { expectAccessible, uniqueSuffix } from '../fixtures';
import { expect, openBooking, test } from './helpers/bookings';
import { formatDay, nairobiDayFromToday } from './helpers/days';
import { payByMpesa, payPart, setProfilePhone } from './helpers/payments';

// The whole of asking before booking, on a phone: a question without a date, the planner's offer
// for a day, the client's yes, the deposit, then the balance bit by bit (docs/bookings-and-calendar.md,
// Enquiries and Quotes; docs/money.md, Instalments).
test.describe('ask, quote, book and pay in parts on a phone @mobile', () => {
  test('a client asks, the planner quotes for a day, the client accepts and pays the deposit, then two instalments', async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { planner, pkg } = await plannerWithPackage(`E2E Planner ${uniqueSuffix()}`);
    const phone = page.viewportSize();
    if (phone) await planner.page.setViewportSize(phone);
    await registerAs('client', `E2E Client ${uniqueSuffix()}`);
    await setProfilePhone(page.request, '+254 712 345 678');

    // The client asks, with no date yet.
    await page.goto(`/packages/${pkg._id}`);
    await page.getByRole('button', { name: 'Ask for a quote' }).tap();
    const ask = page.getByRole('dialog', { name: `Ask ${planner.user.username}` });
    await ask.getByLabel('Guests (optional)').fill('300');
    await ask.getByLabel('Your message').fill('A ruracio for 300 guests in Kisumu: what would it cost?');
    await ask.getByRole('button', { name: 'Send enquiry' }).tap();
    await expect(page).toHaveURL(/\/dashboard\/bookings\?/);

    // The planner answers with an offer for a day, since the enquiry named none.
    const day = nairobiDayFromToday(60);
    const enquiry = await openBooking(planner.page, pkg.title);
    await expect(enquiry.getByText('Date to be agreed')).toBeVisible();
    await enquiry.getByRole('button', { name: 'Send a quote' }).tap();
    const offer = planner.page.getByRole('dialog', { name: 'Send a quote' });
    await offer.getByLabel('Price (Ksh)').fill('30000');
    await offer.getByLabel('Deposit (%)').fill('20');
    await offer.getByRole('button', { name: 'Send quote' }).tap();
    await expect(
      offer.getByText('Choose the event date: this enquiry names none, and the offer books that day.'),
    ).toBeVisible();
    await offer.getByLabel('Event date').fill(day);
    await offer.getByLabel('Message (optional)').fill('Tents, chairs and catering for 300.');
    await expectAccessible(planner.page);
    await offer.getByRole('button', { name: 'Send quote' }).tap();
    await expect(offer).toBeHidden();

    // The client reads the offer on the booking and accepts it: booked at the quoted price, that day.
    const booking = await openBooking(page, pkg.title);
    const quote = booking.getByRole('region', { name: 'Quote' }).first();
    await expect(quote).toContainText('Price: Ksh 30,000');
    await expect(quote).toContainText('Deposit: 20% (Ksh 6,000)');
    await expect(quote).toContainText(formatDay(day));
    await quote.getByRole('button', { name: 'Accept' }).tap();
    await expect(quote).toContainText('Accepted');
    await expect(booking.getByText('Date to be agreed')).toHaveCount(0);
    await expect(booking).toContainText(formatDay(day));

    // The deposit, then two parts of the balance.
    await booking.getByRole('button', { name: 'Pay deposit' }).tap();
    await payByMpesa(page, 'Pay the deposit', 'Pay Ksh 6,000 with M-Pesa', 'Ksh 6,000');
    await expect(booking.getByText('Left to pay: Ksh 24,000')).toBeVisible();
    await payPart(page, booking, '10000', 'Ksh 10,000');
    await expect(booking.getByText('Left to pay: Ksh 14,000')).toBeVisible();
    await payPart(page, booking, '5000', 'Ksh 5,000');
    await expect(booking.getByText('Left to pay: Ksh 9,000')).toBeVisible();
    await expect(
      booking.getByRole('listitem').filter({ hasText: 'Part of the balance · M-Pesa' }),
    ).toHaveCount(2);
    await expectAccessible(page);
  });
});
