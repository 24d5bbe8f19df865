import { expect, pressBookNow, test } from './helpers/bookings';
import { formatDay, futureDay } from './helpers/days';
import { smsTo, uniquePhone, verifyPhoneOnProfile } from './helpers/sms';

// The server runs the SMS simulator (SMS_MODE defaults to it on this machine) with no quiet hours:
// every message is read from its outbox, as the person would read it on their phone.
test.describe('booking news by SMS @mobile', () => {
  test("a client verifies their phone and books; the planner's accept arrives as an SMS whose link opens the booking", async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    const { planner, pkg } = await plannerWithPackage();
    await registerAs('client');
    const phone = uniquePhone();
    await verifyPhoneOnProfile(page, phone);

    const day = futureDay('08-20');
    await pressBookNow(page, pkg._id, 'tap');
    const form = page.getByRole('dialog', { name: 'Book this package' });
    await form.getByLabel('Event date').fill(day);
    await form.getByRole('button', { name: 'Book Now' }).tap();
    await expect(page.getByText('Booking request sent! The planner will reply soon.')).toBeVisible();

    // The planner, in another browser, accepts it.
    await planner.page.goto('/dashboard/bookings');
    const booking = planner.page.getByRole('article').filter({ hasText: pkg.title });
    await booking.getByRole('button', { name: 'Accept' }).click();
    await expect(planner.page.getByText('Booking accepted.')).toBeVisible();

    // The client's phone: the code, then the accept, once.
    let accepted = '';
    await expect(async () => {
      const messages = await smsTo(page.request, phone.msisdn);
      const news = messages.filter((m) => m.message.includes('accepted your booking'));
      expect(news).toHaveLength(1);
      accepted = news[0]?.message ?? '';
    }).toPass({ timeout: 20_000 });
    expect(accepted).toContain(pkg.title);
    expect(accepted).toContain(formatDay(day));
    expect(accepted.length).toBeLessThanOrEqual(160);

    // Its short link opens the client's booking.
    const link = /https?:\/\/\S+\/b\/[\w-]{22}/.exec(accepted)?.[0];
    expect(link, accepted).toBeDefined();
    await page.goto(new URL(link ?? '').pathname);
    await expect(page).toHaveURL(/\/dashboard\/bookings/);
    await expect(
      page.getByRole('article').filter({ hasText: pkg.title }).getByText('Accepted'),
    ).toBeVisible();
  });
});
