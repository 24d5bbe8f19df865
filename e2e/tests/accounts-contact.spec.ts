import { DEMO, expect, followDashboardMenu, test, uniqueSuffix } from '../fixtures';
import { buyPlanThroughApi } from './helpers/payments';

test.describe('contact page and admin messages', () => {
  test('a client sends a message with name and email prefilled; the admin reads it on Messages', async ({
    page,
    registerAs,
    visitAs,
  }) => {
    const { email, name } = await registerAs('client');
    const text = `Do you plan ruracios in Nyeri? (${uniqueSuffix()})`;

    await page.goto('/');
    await page.getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully! We will get back to you soon.')).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    await page.context().clearCookies();
    await visitAs(DEMO.admin, '/dashboard');
    await followDashboardMenu(page, 'Messages');
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(card.getByText('Priority')).toHaveCount(0);
    await card.getByRole('link', { name: /profile$/ }).click();
    await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);
  });

  test('a message from a user whose plan includes priority support is marked Priority', async ({
    page,
    registerAs,
    visitAs,
  }) => {
    const { name } = await registerAs('planner');
    const plans = await (await page.request.get('/api/plans')).json();
    const enterprise = plans.plans.find((plan: { name: string }) => plan.name === 'Enterprise');
    // A paid plan is bought (docs/product-rules.md#changing-plan): by M-Pesa through the simulator.
    await buyPlanThroughApi(page.request, enterprise._id);
    const text = `Urgent: 300 guests in Naivasha (${uniqueSuffix()})`;
    await page.goto('/contact');
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully! We will get back to you soon.')).toBeVisible();

    await page.context().clearCookies();
    await visitAs(DEMO.admin, '/dashboard/messages');
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByText('Priority', { exact: true })).toBeVisible();
  });

  test('a guest sees the form but must log in to send', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('Please log in to send us a message.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'hello@sherehe.co.ke' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    // The login form, and back to the contact page once signed in.
    await expect(page).toHaveURL(/\/login\?mode=login&next=%2Fcontact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  test('an admin is told admins cannot send through the form', async ({ page, visitAs }) => {
    await visitAs(DEMO.admin, '/contact');
    await expect(page.getByText('Admins are not allowed to send messages via this form.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  });
});
