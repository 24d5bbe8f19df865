import { DEMO, expect, expectAccessible, test, uniqueSuffix } from '../fixtures';
import { outboxMailsTo } from './helpers/outbox';

/** An admin's work on a laptop: filtering payments by days, and answering what people write to the team. */
test.describe('admins', () => {
  test('a "To" day before "From" on Payments is said under "To", not as a failed load', async ({
    page,
    visitAs,
  }) => {
    await visitAs(DEMO.admin, '/dashboard/payments');
    const filters = page.getByRole('search', { name: 'Filter payments' });
    await filters.getByLabel('From').fill('2025-12-10');
    await filters.getByLabel('To').fill('2025-12-09');
    const message = 'The "To" date must be the same as or after the "From" date.';
    await expect(page.getByText(message)).toBeVisible();
    await expect(filters.getByLabel('To')).toHaveAccessibleDescription(message);
    await expect(page.getByText('Failed to load payments.')).toHaveCount(0);
    await expectAccessible(page);

    await filters.getByLabel('To').fill('2025-12-31');
    await expect(page.getByText(message)).toHaveCount(0);
    await expect(page).toHaveURL(/from=2025-12-10&to=2025-12-31/);
  });

  test('an admin answers a contact message by email, and it shows as handled', async ({
    page,
    registerAs,
    visitAs,
  }) => {
    const { email, name } = await registerAs('client');
    const text = `Can you plan a send-off in Nakuru? (${uniqueSuffix()})`;
    const sent = await page.request.post('/api/messages', { data: { name, email, message: text } });
    expect(sent.status()).toBe(201);

    await page.context().clearCookies();
    await visitAs(DEMO.admin, '/dashboard/messages?state=unhandled');
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card.getByText('Not handled', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Answer' }).click();
    const answer = `Yes, our planners work in Nakuru. (${uniqueSuffix()})`;
    await card.getByLabel('Your answer').fill(answer);
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Send answer' }).click();
    await expect(page.getByText('Answer sent by email. The message is marked as handled.')).toBeVisible();

    await page.goto('/dashboard/messages?state=handled');
    const handled = page.getByRole('article').filter({ hasText: text });
    await expect(handled.getByText('Handled', { exact: true })).toBeVisible();
    await expect(handled.getByText(/^Handled by .+ on .+\.$/)).toBeVisible();
    await expect(handled.getByText(answer)).toBeVisible();
    await expect(handled.getByRole('button', { name: 'Answer' })).toHaveCount(0);
    await expectAccessible(page);

    await expect
      .poll(async () => (await outboxMailsTo(email)).find((mail) => mail.includes(answer)) ?? '', {
        timeout: 15_000,
      })
      .toContain('Answer to your message to Sherehe');
  });
});
