import { expectAccessible } from '../fixtures';
import { expect, test } from './helpers/bookings';

/** A moment's day as the web app writes it (packages/shared/src/dates.ts, formatDate: Africa/Nairobi). */
const nairobiDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));

// The server runs the payment simulator (e2e/start-server.mjs): a phone ending 5678 pays.
test.describe('paying for a plan', () => {
  test('a planner buys Pro by M-Pesa and sees Pro with its end date on the dashboard', async ({
    page,
    registerAs,
  }) => {
    await registerAs('planner');
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay for the Pro plan' });
    // The specification's dollar price, and what M-Pesa will charge.
    await expect(dialog.getByText('$25/mo')).toBeVisible();
    await expect(dialog.getByText('Charged now: Ksh 3,250 for 30 days.')).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await dialog.getByRole('button', { name: 'Pay Ksh 3,250 with M-Pesa' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toHaveText(/^Paid Ksh 3,250\. M-Pesa receipt: [A-Z0-9]+\.$/, { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('article', { name: 'Pro' }).getByText('Current Plan').first()).toBeVisible();

    const { userData } = (await (await page.request.get('/api/user/data')).json()) as {
      userData: { plan: { _id: string }; planUntil: string | null };
    };
    expect(userData.plan._id).toBe('pro');
    expect(userData.planUntil).not.toBeNull();

    await page.goto('/dashboard');
    const aside = page.getByRole('complementary');
    await expect(aside.getByText('Pro', { exact: true })).toBeVisible();
    await expect(aside.getByText(`Paid until ${nairobiDay(userData.planUntil!)}`)).toBeVisible();
    await expect(aside.getByRole('link', { name: 'Renew' })).toBeVisible();

    // Renew opens the pay dialog of the same plan.
    await aside.getByRole('link', { name: 'Renew' }).click();
    await expect(page.getByRole('dialog', { name: 'Pay for the Pro plan' })).toBeVisible();
  });
});
