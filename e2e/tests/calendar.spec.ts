import type { Locator } from '@playwright/test';
import { expectAccessible } from '../fixtures';
import { expect, test } from './helpers/bookings';
import { longDay, monthName, nairobiDayFromToday } from './helpers/days';

/**
 * In the open booking form: shows the available days (the picker must appear) and pages on, by
 * `press` (a click, or a tap on a phone), to the month of `day`. Gives the picker.
 */
async function showAvailableMonth(dialog: Locator, day: string, press: 'click' | 'tap') {
  await dialog.getByRole('button', { name: 'Show available days' })[press]();
  const picker = dialog.getByRole('table', { name: /^Available days/ });
  await expect(picker).toBeVisible();
  while (!(await dialog.getByRole('heading', { name: monthName(day) }).isVisible())) {
    await dialog.getByRole('button', { name: /^Next month/ })[press]();
  }
  return picker;
}

test.describe('calendar and availability', () => {
  test('a planner blocks a day on the calendar; the client sees it greyed in the booking form with the reason', async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { planner, pkg } = await plannerWithPackage('E2E Calendar Planner');
    const day = nairobiDayFromToday(20);

    await planner.page.goto(`/dashboard/calendar?month=${day.slice(0, 7)}`);
    await expect(planner.page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(planner.page.getByRole('heading', { level: 2, name: monthName(day) })).toBeVisible();
    await planner.page
      .getByRole('table')
      .getByRole('button', { name: new RegExp(`^${longDay(day)}`) })
      .click();
    await planner.page.getByLabel('Note (only you see it)').fill('Family wedding');
    await planner.page.getByRole('button', { name: 'Block this day' }).click();
    await expect(planner.page.getByText('Day blocked. No new requests can be made for it.')).toBeVisible();
    await expect(planner.page.getByRole('button', { name: 'Unblock this day' })).toBeVisible();

    await registerAs('client');
    await page.goto(`/packages/${pkg._id}?book=1`);
    const dialog = page.getByRole('dialog', { name: 'Book this package' });
    const picker = await showAvailableMonth(dialog, day, 'click');
    const blocked = dialog.getByRole('button', { name: new RegExp(`^${longDay(day)},`) });
    await expect(blocked).toHaveAttribute('aria-disabled', 'true');
    await expect(blocked).toHaveAccessibleName(
      `${longDay(day)}, cannot be picked: The planner is not available on this day.`,
    );
    await expectAccessible(page);
    // Playwright waits for an aria-disabled button to be enabled; a person can press it all the same.
    await blocked.click({ force: true });
    await expect(
      dialog.getByText(`${longDay(day)}: The planner is not available on this day.`),
    ).toBeVisible();
    await expect(dialog.getByLabel('Event date')).toHaveValue('');
    // The keyboard: the next day is free, and Enter picks it.
    await blocked.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Event date')).toHaveValue(nairobiDayFromToday(21));
    // Typed anyway, the blocked day is named as unavailable.
    await dialog.getByLabel('Event date').fill(day);
    await expect(dialog.getByText(/The date you typed cannot be booked/)).toBeVisible();
    // Sent anyway, the server refuses it, and its words stand under the date.
    await dialog.getByRole('button', { name: 'Book Now' }).click();
    await expect(dialog.getByText('This planner is not available on that date.')).toBeVisible();
    await expect(dialog.getByLabel('Event date')).toHaveAccessibleDescription(
      /This planner is not available on that date\./,
    );
    const mine = await (await page.request.get('/api/bookings/my')).json();
    expect(mine.bookings).toHaveLength(0);
    // Escape closes the grid only, back on its button; the booking dialog stays open.
    await dialog.getByRole('button', { name: 'Show available days' }).click();
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Show available days' })).toBeFocused();
  });

  test('the calendar shows the booking, and the feed address shown serves it as text/calendar', async ({
    page,
    acceptedBooking,
  }) => {
    const setup = await acceptedBooking();
    const bookings = await (await page.request.get('/api/bookings/my')).json();
    const booking = bookings.bookings.find((each: { _id: string }) => each._id === setup.bookingId);
    const day: string = booking.eventDate;

    await page.goto(`/dashboard/calendar?month=${day.slice(0, 7)}`);
    const link = page.getByRole('link', { name: new RegExp(`^${setup.pkg.title}, accepted`) });
    await expect(link).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' }),
    ).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\/calendar\/render\?cid=webcal%3A%2F%2F/);
    await expectAccessible(page);

    const address = await page.getByLabel('Your calendar address').inputValue();
    expect(address).toMatch(/\/api\/calendar\/[^/]+\.ics$/);
    await expect(page.getByRole('link', { name: 'Subscribe (Apple/Outlook)' })).toHaveAttribute(
      'href',
      address.replace(/^https?:\/\//, 'webcal://'),
    );
    const feed = await page.request.get(address);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`DTSTART;VALUE=DATE:${day.replaceAll('-', '')}`);
    expect(text).toContain(setup.pkg.title);

    // Replace link: asked first; the old address stops.
    await page.getByRole('button', { name: 'Replace link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace your calendar link?' });
    await confirm.getByRole('button', { name: 'Replace link' }).click();
    await expect(page.getByLabel('Your calendar address')).not.toHaveValue(address);
    expect((await page.request.get(address)).status()).toBe(404);

    // The booking opens on the bookings page, in focus.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/bookings\\?.*booking=${setup.bookingId}`));
    await expect(page.getByRole('article').filter({ hasText: setup.pkg.title })).toBeFocused();
    await expect(page.getByRole('link', { name: /^Add to calendar \(\.ics\)/ })).toHaveAttribute(
      'href',
      `/api/bookings/${setup.bookingId}/ics`,
    );
  });

  test('the calendar page is accessible on a narrow window, as a month grid', async ({
    page,
    registerAs,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await registerAs('planner');
    await page.goto('/dashboard/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('No bookings this month.')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('available days on a phone @mobile', () => {
  test("the client taps through the planner's month in the booking form on a phone", async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { planner, pkg } = await plannerWithPackage('E2E Phone Planner');
    const day = nairobiDayFromToday(20);
    const blocking = await planner.context.request.post('/api/availability/blocks', {
      data: { date: day, note: 'Away' },
    });
    expect(blocking.status()).toBe(201);

    await registerAs('client');
    await page.goto(`/packages/${pkg._id}?book=1`);
    const dialog = page.getByRole('dialog', { name: 'Book this package' });
    const picker = await showAvailableMonth(dialog, day, 'tap');
    // The month fits the phone's width, and every day is big enough for a thumb.
    const width = page.viewportSize()?.width ?? 0;
    const grid = await picker.boundingBox();
    expect(grid?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(width);
    const blocked = dialog.getByRole('button', { name: new RegExp(`^${longDay(day)},`) });
    await expect(blocked).toHaveAttribute('aria-disabled', 'true');
    const cell = await blocked.boundingBox();
    expect(cell?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect((cell?.x ?? -1) >= 0 && (cell?.x ?? 0) + (cell?.width ?? 0) <= width).toBe(true);
    await expectAccessible(page);

    await blocked.tap({ force: true });
    await expect(
      dialog.getByText(`${longDay(day)}: The planner is not available on this day.`),
    ).toBeVisible();
    await expect(dialog.getByLabel('Event date')).toHaveValue('');
    const free = nairobiDayFromToday(21);
    await dialog.getByRole('button', { name: new RegExp(`^${longDay(free)}`) }).tap();
    await expect(dialog.getByLabel('Event date')).toHaveValue(free);
    await dialog.getByRole('button', { name: 'Book Now' }).tap();
    await expect(page.getByText('Booking request sent! The planner will reply soon.')).toBeVisible();
  });
});
