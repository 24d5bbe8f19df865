import { expectAccessible } from '../fixtures';
import { expect, openBooking, test } from './helpers/bookings';
import { payByMpesa, payPart, setProfilePhone } from './helpers/payments';

// Lipa pole pole: after the deposit, the balance in parts, each from Ksh 1,000 to what is left.
test.describe('paying the balance bit by bit on a phone @mobile', () => {
  test('the client pays the deposit, then two parts of the balance; the booking shows each part and what is left', async ({
    page,
    acceptedBooking,
  }) => {
    const { pkg } = await acceptedBooking();
    await setProfilePhone(page.request, '+254 712 345 678');
    const booking = await openBooking(page, pkg.title);

    await booking.getByRole('button', { name: 'Pay deposit' }).click();
    await payByMpesa(page, 'Pay the deposit', 'Pay Ksh 7,500 with M-Pesa', 'Ksh 7,500');
    await expect(booking.getByText('Deposit paid')).toBeVisible();
    await expect(booking.getByText('Left to pay: Ksh 17,500')).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Pay balance' })).toBeVisible();

    await payPart(page, booking, '5000', 'Ksh 5,000', async () => {
      const dialog = page.getByRole('dialog', { name: 'Pay part of the balance' });
      await expect(dialog.getByText('From Ksh 1,000 to Ksh 17,500.')).toBeVisible();
      // Too little is said under the field, before anything is sent.
      await dialog.getByLabel(/Amount \(Ksh\)/).fill('999');
      await dialog.getByRole('button', { name: 'Pay Ksh 999 with M-Pesa' }).click();
      await expect(dialog.getByText('Pay at least Ksh 1,000 at a time.')).toBeVisible();
      await expectAccessible(page);
      await dialog.getByLabel(/Amount \(Ksh\)/).fill('5000');
    });
    await expect(booking.getByText('Left to pay: Ksh 12,500')).toBeVisible();

    await payPart(page, booking, '3000', 'Ksh 3,000');
    await expect(booking.getByText('Left to pay: Ksh 9,500')).toBeVisible();

    // Each part, with its amount and how it was paid, under the deposit.
    const parts = booking.getByRole('listitem').filter({ hasText: 'Part of the balance · M-Pesa' });
    await expect(parts).toHaveCount(2);
    await expect(parts.filter({ hasText: 'Ksh 5,000' })).toHaveCount(1);
    await expect(parts.filter({ hasText: 'Ksh 3,000' })).toHaveCount(1);
    await expect(booking.getByRole('listitem').filter({ hasText: 'Deposit · M-Pesa' })).toHaveCount(1);
    await expect(booking.getByText('Deposit paid')).toBeVisible();
    await expectAccessible(page);
  });
});
