import { expectAccessible } from '../fixtures';
import { expect, openBooking, test } from './helpers/bookings';
import { smsTo, uniquePhone } from './helpers/sms';

// The server runs the SMS simulator (SMS_MODE defaults to it on this machine): the code is read from
// its outbox, as the person would read it on their phone.
test.describe('a verified phone for SMS @mobile', () => {
  test('a client verifies a number on the profile, and the M-Pesa prompt offers it', async ({
    page,
    acceptedBooking,
  }) => {
    const { pkg } = await acceptedBooking();
    const { local, msisdn } = uniquePhone();

    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Phone for SMS' });
    await expect(card).toBeVisible();
    await card.getByLabel('Mobile number').fill(local);
    await card.getByRole('button', { name: 'Send code' }).tap();
    await expect(card.getByRole('status')).toHaveText('We sent you a code by SMS. It expires in 10 minutes.');

    let code = '';
    await expect(async () => {
      const messages = await smsTo(page.request, msisdn);
      code = /\b(\d{6})\b/.exec(messages.at(-1)?.message ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
    }).toPass({ timeout: 20_000 });

    await card.getByLabel('Code from the SMS').fill(code);
    await card.getByRole('button', { name: 'Verify' }).tap();
    await expect(card.getByRole('status')).toHaveText('Your number is verified: SMS notices will go to it.');
    await expect(card.getByText(local, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Remove' })).toBeVisible();
    await expectAccessible(page);

    // Paying the deposit by M-Pesa: the prompt offers the verified number.
    const booking = await openBooking(page, pkg.title);
    await booking.getByRole('button', { name: 'Pay deposit' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Pay the deposit' });
    await expect(dialog.getByLabel('M-Pesa phone number')).toHaveValue(local);
  });
});
