import sharp from 'sharp';
import { expect, openBooking, openChat, test } from './helpers/bookings';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe('files in the chat', () => {
  test('the client sends a photo and a PDF; the planner opens the photo in a viewer and downloads the PDF', async ({
    page,
    requestedBooking,
  }) => {
    const { planner, pkg, client } = await requestedBooking();
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 219, g: 39, b: 119 } },
    })
      .jpeg()
      .toBuffer();

    const clientChat = await openChat(page, planner.user.username);
    await expect(clientChat.getByText('Not connected to chat server.')).toHaveCount(0);
    await clientChat.locator('input[type="file"]').setInputFiles([
      { name: 'venue.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    // Both uploaded: each offers to be removed rather than cancelled.
    await expect(clientChat.getByRole('button', { name: 'Remove: venue.jpg' })).toBeVisible();
    await expect(clientChat.getByRole('button', { name: 'Remove: contract.pdf' })).toBeVisible();
    await clientChat.getByLabel(/Message to/).fill('The venue, and the contract to sign.');
    await clientChat.getByRole('button', { name: 'Send' }).click();
    await expect(clientChat.getByRole('img', { name: 'venue.webp' })).toBeVisible();

    const plannerBooking = await openBooking(planner.page, pkg.title);
    await plannerBooking.getByRole('button', { name: /chat with/ }).click();
    const plannerChat = planner.page.getByRole('region', { name: `Chat with ${client.name}` });
    await expect(plannerChat.getByText('The venue, and the contract to sign.')).toBeVisible();
    const thumbnail = plannerChat.getByRole('img', { name: 'venue.webp' });
    await expect(thumbnail).toBeVisible();
    // The thumbnail really loaded (the planner may fetch it).
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);

    // The viewer: opens on the photo, closes with Escape, focus back on the thumbnail.
    const thumbButton = plannerChat.getByRole('button', { name: 'venue.webp' });
    await thumbButton.click();
    const viewer = planner.page.getByRole('dialog', { name: 'Image: venue.webp' });
    await expect(viewer).toBeVisible();
    const full = viewer.getByRole('img', { name: 'venue.webp' });
    await expect
      .poll(() => full.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(640);
    await planner.page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(thumbButton).toBeFocused();

    // The PDF: a card with its name and size, downloading on click.
    const card = plannerChat.getByRole('link', { name: 'Download contract.pdf' });
    await expect(card).toContainText('1 KB');
    const [download] = await Promise.all([planner.page.waitForEvent('download'), card.click()]);
    expect(download.suggestedFilename()).toBe('contract.pdf');
  });
});
