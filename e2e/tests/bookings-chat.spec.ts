import { DEMO, uniqueSuffix } from '../fixtures';
import { expect, openChat, test } from './helpers/bookings';

test.describe('real-time chat per booking', () => {
  test('client and planner chat both ways; the planner’s badge counts up while the chat is closed and clears when it is opened', async ({
    page,
    requestedBooking,
  }) => {
    // A planner of this test's own, so the unread counts are this test's alone.
    const { planner, pkg, client } = await requestedBooking();

    // The planner is on the bookings page; their socket is up (the chat says so), then the chat is folded.
    await planner.page.goto('/dashboard/bookings');
    const menuLink = planner.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^Bookings/ });
    const plannerBooking = planner.page.getByRole('article').filter({ hasText: pkg.title });
    const plannerToggle = plannerBooking.getByRole('button', { name: /chat with/ });
    const plannerChat = planner.page.getByRole('region', { name: `Chat with ${client.name}` });
    await plannerToggle.click();
    await expect(plannerChat.getByText('No messages yet. Say hello!')).toBeVisible();
    await expect(plannerChat.getByText('Not connected to chat server.')).toHaveCount(0);
    await plannerToggle.click();
    await expect(plannerChat).toHaveCount(0);
    await expect(menuLink).toHaveText('Bookings');

    // The client opens the chat of their booking and writes.
    const clientChat = await openChat(page, planner.user.username);
    await expect(clientChat.getByText('No messages yet. Say hello!')).toBeVisible();
    await expect(clientChat.getByText('Not connected to chat server.')).toHaveCount(0);
    const height = (await clientChat.boundingBox())?.height ?? 0;
    expect(height).toBeGreaterThanOrEqual(300);
    expect(height).toBeLessThanOrEqual(400);
    const clientInput = clientChat.getByLabel(/Message to/);
    // A blank message is ignored.
    await clientInput.fill('   ');
    await clientChat.getByRole('button', { name: 'Send' }).click();
    await expect(clientChat.getByText('No messages yet. Say hello!')).toBeVisible();
    await clientInput.fill('Habari! Are you free on that day?');
    await clientChat.getByRole('button', { name: 'Send' }).click();
    await expect(clientChat.getByText('Habari! Are you free on that day?')).toHaveCount(1);
    await expect(clientChat.getByText('Sending...')).toHaveCount(0);

    // The planner, chat closed: a toast and the unread count on the menu and on the booking.
    await expect(planner.page.getByText(`New message from ${client.name}`)).toBeVisible();
    await expect(menuLink).toContainText('1 unread message');
    await clientInput.fill('We are about 120 guests.');
    await clientInput.press('Enter');
    await expect(menuLink).toContainText('2 unread messages');
    await expect(plannerToggle).toContainText('2 unread messages');

    // The planner opens the chat: both messages are there and the counts clear.
    await plannerToggle.click();
    await expect(plannerChat.getByText('Habari! Are you free on that day?')).toBeVisible();
    await expect(plannerChat.getByText('We are about 120 guests.')).toBeVisible();
    await expect(menuLink).toHaveText('Bookings');

    // And answers: the client sees it at once, once.
    await plannerChat.getByLabel(/Message to/).fill('Yes, we are free. Karibu!');
    await plannerChat.getByRole('button', { name: 'Send' }).click();
    await expect(clientChat.getByText('Yes, we are free. Karibu!')).toHaveCount(1);
    await expect(plannerChat.getByText('Yes, we are free. Karibu!')).toHaveCount(1);

    // A message to an open chat is read at once: no count comes back.
    await clientInput.fill('Asante sana!');
    await clientInput.press('Enter');
    await expect(plannerChat.getByText('Asante sana!')).toBeVisible();
    await planner.page.waitForTimeout(500);
    await expect(menuLink).toHaveText('Bookings');

    // After a reload the conversation is still there, in order.
    await page.reload();
    await page.getByRole('button', { name: /Open chat/ }).click();
    await expect(clientChat.getByRole('listitem')).toHaveCount(4);
    await expect(clientChat.getByRole('listitem').last()).toContainText('Asante sana!');
  });

  test('Chat with Planner on the package page opens the booking’s chat, with the unread count', async ({
    page,
    demoPlannerWithPackage,
    clientBooking,
  }) => {
    const { planner, pkg } = await demoPlannerWithPackage(DEMO.planner2, 2);
    const { client } = await clientBooking(pkg, `E2E Client ${uniqueSuffix()}`);

    // The planner writes first, from the bookings with this client (its chat opens by itself).
    await planner.page.goto(`/dashboard/bookings?with=${client._id}`);
    const plannerChat = planner.page.getByRole('region', { name: `Chat with ${client.name}` });
    await expect(plannerChat.getByText('No messages yet. Say hello!')).toBeVisible();
    await plannerChat.getByLabel(/Message to/).fill('Thank you for booking! Any questions?');
    await plannerChat.getByRole('button', { name: 'Send' }).click();
    await expect(plannerChat.getByText('Sending...')).toHaveCount(0);

    await page.goto(`/packages/${pkg._id}`);
    const chatButton = page.getByRole('button', { name: /Chat with Planner/ });
    // Counted over the socket once it is connected.
    await expect(chatButton).toContainText('1 unread message', { timeout: 15_000 });
    await chatButton.click();
    const dialog = page.getByRole('dialog', { name: `Chat with ${planner.user.username}` });
    await expect(dialog.getByText('Thank you for booking! Any questions?')).toBeVisible();
    await dialog.getByLabel(/Message to/).fill('Only one: can we add a cake?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(plannerChat.getByText('Only one: can we add a cake?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(chatButton).toHaveText('Chat with Planner');
  });
});
