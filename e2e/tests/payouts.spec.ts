import { DEMO, expectAccessible } from '../fixtures';
import seededEarnings from '../seeded-earnings.json' with { type: 'json' };
import { expect, test } from './helpers/bookings';

// e2e/start-server.mjs seeds a planner whose booking was completed weeks ago with its M-Pesa
// deposit paid (e2e/seeded-earnings.json): Ksh 7,500 received, the platform's Ksh 750 kept, so
// Ksh 6,750 is payable today (earnings become payable one day after the event).
const { planner, payable } = seededEarnings;
const ksh = (amount: number) => `Ksh ${amount.toLocaleString('en-KE')}`;

test.describe('payouts', () => {
  test('an admin sees what a planner is owed, records a payout, and the planner sees it in their history', async ({
    page,
    session,
    visitAs,
  }) => {
    await visitAs(DEMO.admin, '/dashboard');
    await page.getByRole('link', { name: 'Payouts' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/payouts$/);
    await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();

    const owed = page.getByRole('region', { name: 'Owed to planners' });
    const row = owed.getByRole('row').filter({ hasText: planner.username });
    await expect(row).toContainText(ksh(payable));
    await expectAccessible(page);

    // A reference of its own (M-Pesa's ten characters), so it is this payout's in the history.
    const reference = `QE${Date.now().toString(36).toUpperCase()}`.padEnd(10, '0').slice(0, 10);
    const form = page.getByRole('region', { name: 'Record a payout' });
    await form.getByLabel('Planner').selectOption({ label: `${planner.username} (${ksh(payable)})` });
    await form.getByLabel('Amount (Ksh)').fill('5000');
    await form.getByLabel('M-Pesa reference').fill(reference);
    await form.getByRole('button', { name: 'Record payout' }).click();

    await expect(page.getByText(`Payout of Ksh 5,000 to ${planner.username} recorded.`)).toBeVisible();
    const history = page.getByRole('region', { name: 'Payout history' });
    await expect(history.getByRole('listitem').filter({ hasText: reference })).toContainText(
      `${planner.username} · Ksh 5,000 · ${reference}`,
    );
    // What the planner is owed drops by the payout.
    await expect(row).toContainText(ksh(payable - 5000));
    await expect(form.getByLabel('Amount (Ksh)')).toHaveValue('');
    await expectAccessible(page);

    // The planner's Earnings page: the payout in its history, and the payable balance that is left.
    const plannerSession = await session({ email: planner.email });
    const plannerPage = plannerSession.page;
    await plannerPage.goto('/dashboard');
    await plannerPage.getByRole('link', { name: 'Earnings' }).first().click();
    await expect(plannerPage.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
    const payouts = plannerPage.getByRole('region', { name: 'Payout history' });
    await expect(payouts.getByRole('listitem').filter({ hasText: reference })).toContainText(
      `Ksh 5,000 · ${reference}`,
    );
    await expect(
      plannerPage.getByRole('region', { name: 'Ledger' }).getByText('Payout to you'),
    ).toBeVisible();
    await expectAccessible(plannerPage);
  });
});
