import { DEMO, DEMO_PASSWORD } from '../fixtures';
import {
  acceptThroughApi,
  bookThroughApi,
  demoPackageOf,
  expect,
  openBooking,
  pressBookNow,
  test,
} from './helpers/bookings';
import { formatDay, nairobiToday } from './helpers/days';
import { buyPlanThroughApi } from './helpers/payments';

test.describe('booking a package', () => {
  test('a client books through the form, the planner accepts and completes it, the client reviews it: average and count on the package and the profile', async ({
    page,
    plannerWithPackage,
    registerAs,
  }) => {
    // A planner of this test's own, so the average and count are this test's alone.
    const { planner, pkg } = await plannerWithPackage();
    const client = await registerAs('client');
    // Today: a booking can be marked completed only from its event day.
    const day = nairobiToday();

    await pressBookNow(page, pkg._id);
    const form = page.getByRole('dialog', { name: 'Book this package' });
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(form.getByText('Please select a date for your event.')).toBeVisible();
    await form.getByLabel('Event date').fill(day);
    await form.getByLabel('Message to the planner (optional)').fill('About 120 guests, in the evening.');
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByText('Booking request sent! The planner will reply soon.')).toBeVisible();
    await expect(form).toBeHidden();
    const aside = page.getByRole('complementary', { name: 'Price and planner' });
    await expect(aside.getByText(formatDay(day))).toBeVisible();
    await expect(aside.getByText('Pending')).toBeVisible();
    await expect(aside.getByRole('button', { name: 'Chat with Planner' })).toBeVisible();

    // The planner, in another browser, accepts it and then marks it completed.
    await planner.page.goto(`/dashboard/bookings?with=${client._id}`);
    await expect(planner.page.getByRole('heading', { level: 1, name: 'Manage Bookings' })).toBeVisible();
    const booking = planner.page.getByRole('article').filter({ hasText: pkg.title });
    // The event day (today, the day it was also requested on).
    await expect(
      booking.locator('dt', { hasText: /^Event date$/ }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(formatDay(day));
    await expect(booking.getByText('About 120 guests, in the evening.')).toBeVisible();
    await expect(booking.getByText('Ksh 25,000')).toBeVisible();
    await booking.getByRole('button', { name: 'Accept' }).click();
    await expect(planner.page.getByText('Booking accepted.')).toBeVisible();
    await expect(booking.getByText('Accepted')).toBeVisible();
    await booking.getByRole('button', { name: 'Mark Completed' }).click();
    const confirm = planner.page.getByRole('dialog', { name: 'Mark this booking completed?' });
    await expect(
      confirm.getByText(
        'Once it is completed, the client can no longer cancel this booking or get a refund.',
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, mark completed' }).click();
    await expect(planner.page.getByText('Booking completed.')).toBeVisible();
    await expect(booking.getByText('Completed')).toBeVisible();
    await expect(booking.getByRole('button', { name: /Accept|Reject|Cancel|Mark Completed/ })).toHaveCount(0);

    // The client reviews it: five stars.
    await page.goto(`/packages/${pkg._id}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('No reviews yet.')).toBeVisible();
    await expect(reviews.getByRole('heading', { name: 'Write a review' })).toBeVisible();
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    await expect(reviews.getByText('Please select a rating between 1 and 5 stars.')).toBeVisible();
    await reviews.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await reviews.getByLabel('Comment (optional)').fill('Flawless from start to finish. Asante!');
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Thank you for your review!')).toBeVisible();
    await expect(reviews.getByText('5.0 out of 5')).toBeVisible();
    await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();
    await expect(reviews.getByRole('heading', { name: 'Write a review' })).toHaveCount(0);
    await expect(reviews.getByRole('button', { name: 'Edit your review' })).toBeVisible();
    // The rating by the package's title follows.
    await expect(page.getByText('Rated 5.0 out of 5 from 1 review')).toBeAttached();

    // And on the planner's public profile.
    await page.goto(`/user/${pkg.planner._id}`);
    const onProfile = page.getByRole('region', { name: 'Reviews' });
    await expect(onProfile.getByText('5.0 out of 5')).toBeVisible();
    await expect(onProfile.getByText('1 review', { exact: true })).toBeVisible();
    await expect(onProfile.getByText('Flawless from start to finish. Asante!')).toBeVisible();
    await expect(onProfile.getByRole('link', { name: pkg.title })).toHaveAttribute(
      'href',
      `/packages/${pkg._id}`,
    );
    await expect(onProfile.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(2);
  });

  test("a Free client's second booking this month is not offered: the allowance is told, with Upgrade to /pricing", async ({
    page,
    registerAs,
  }) => {
    await registerAs('client');
    const first = await demoPackageOf(page.request, DEMO.planner, 0);
    const second = await demoPackageOf(page.request, DEMO.planner, 1);
    await bookThroughApi(page.request, first);

    // The browse cards' Book button (?book=1) would open the form: not with the month's request used.
    await page.goto(`/packages/${second._id}?book=1`);
    await expect(
      page.getByText('You can send 1 booking request a month on Free; you have used it.'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/packages/${second._id}$`));
    await expect(page.getByRole('dialog', { name: 'Book this package' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("a guest's Book Now asks them to log in and brings them back to the form; a planner's is refused", async ({
    page,
    session,
  }) => {
    const pkg = await demoPackageOf(page.request, DEMO.planner, 2);
    await pressBookNow(page, pkg._id);
    // The login form says why, with no error toast over it.
    await expect(page).toHaveURL(/\/login\?mode=login&next=/);
    await expect(page.getByText('Please log in as a client or admin to book packages.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByLabel('Email').fill(DEMO.client3);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/packages/${pkg._id}$`));
    await expect(page.getByRole('dialog', { name: 'Book this package' })).toBeVisible();

    const planner = await session({ email: DEMO.planner2 });
    await pressBookNow(planner.page, pkg._id);
    await expect(planner.page.getByText('Only clients or admins can book packages.')).toBeVisible();
    await expect(planner.page.getByRole('dialog', { name: 'Book this package' })).toHaveCount(0);
    await expect(planner.page).toHaveURL(new RegExp(`/packages/${pkg._id}$`));
  });
});

test.describe('dashboard bookings', () => {
  test('the status filter lives in the URL, and ?with= shows only the bookings with one person', async ({
    page,
    session,
    registerAs,
  }) => {
    const planner = await session({ email: DEMO.planner2 });
    // Both requests are for the same day, and other specs book this demo planner for it too:
    // with room for many events that day, accepting one declines none and leaves the day open.
    const roomy = await planner.context.request.patch('/api/user/profile', { data: { eventsPerDay: 20 } });
    expect(roomy.status()).toBe(200);
    const one = await demoPackageOf(page.request, DEMO.planner2, 0);
    const two = await demoPackageOf(page.request, DEMO.planner2, 1);
    await registerAs('client');
    // Room for two bookings this month.
    await buyPlanThroughApi(page.request, 'enterprise');
    const first = await bookThroughApi(page.request, one);
    await bookThroughApi(page.request, two);
    await acceptThroughApi(planner.context.request, first._id);

    await page.goto('/dashboard/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
    const titles = page.getByRole('article').getByRole('heading', { level: 2 });
    await expect(titles).toHaveText([two.title, one.title]);
    // A client may only cancel.
    await expect(page.getByRole('article').first().getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    await page.getByLabel('Status').selectOption('accepted');
    await expect(page).toHaveURL(/[?&]status=accepted(&|$)/);
    await expect(titles).toHaveText([one.title]);
    await page.getByLabel('Status').selectOption('pending');
    await expect(titles).toHaveText([two.title]);
    await page.getByLabel('Status').selectOption('rejected');
    await expect(page.getByText('No rejected bookings.')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/[?&]status=pending(&|$)/);
    await expect(titles).toHaveText([two.title]);
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    await expect(titles).toHaveText([two.title]);

    // Send Message on the planner's profile: the bookings with them, the latest one's chat open.
    await page.goto(`/user/${one.planner._id}`);
    await page.getByRole('link', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/bookings\\?with=${one.planner._id}&booking=[0-9a-f-]{36}$`),
    );
    await expect(titles).toHaveText([two.title, one.title]);
    await expect(page.getByRole('region', { name: `Chat with ${planner.user.username}` })).toHaveCount(1);

    // Someone they have no booking with.
    const stranger = await demoPackageOf(page.request, DEMO.planner);
    await page.goto(`/dashboard/bookings?with=${stranger.planner._id}`);
    await expect(page.getByText('No bookings with this person yet.')).toBeVisible();
    await expect(page.getByText('The chat with them opens once a booking exists.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse their packages' })).toHaveAttribute(
      'href',
      `/packages?planner=${stranger.planner._id}`,
    );
  });

  test('arrives rendered with its own person’s bookings, and works once the app takes it over: a filter, an accept, a message heard live', async ({
    page,
    browser,
    baseURL,
    requestedBooking,
  }) => {
    const { planner, pkg, client } = await requestedBooking();
    // Hydration mismatches are console errors (docs/decisions/009).
    const errors: string[] = [];
    for (const each of [page, planner.page]) {
      each.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      each.on('pageerror', (error) => errors.push(error.message));
    }

    // The HTML itself, before any JavaScript, holds the booking: the client's, the planner's with
    // who asked; personal, kept by no cache.
    const markup = async (response: Awaited<ReturnType<typeof page.request.get>>) => {
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('private, no-store');
      const html = await response.text();
      return html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'));
    };
    const clientMarkup = await markup(await page.request.get('/dashboard/bookings'));
    expect(clientMarkup).toContain(pkg.title);
    expect(clientMarkup).toContain('My Bookings');
    const plannerMarkup = await markup(await planner.context.request.get('/sw/dashboard/bookings'));
    expect(plannerMarkup).toContain(pkg.title);
    expect(plannerMarkup).toContain(client.name);
    expect(plannerMarkup).toContain('Simamia nafasi');
    // A guest gets no one's bookings: the app sends them to log in, as before.
    const guest = await browser.newContext({ baseURL });
    try {
      const html = await (await guest.request.get('/dashboard/bookings')).text();
      expect(html).not.toContain(pkg.title);
      expect(html).toContain('<div id="root"></div>');
    } finally {
      await guest.close();
    }

    // The planner's page, in Kiswahili and in English: the status filter, then an accept.
    await planner.page.goto('/sw/dashboard/bookings');
    await expect(planner.page.getByRole('heading', { level: 1, name: 'Simamia nafasi' })).toBeVisible();
    await planner.page.goto('/dashboard/bookings');
    const titles = planner.page.getByRole('article').getByRole('heading', { level: 2 });
    const booking = planner.page.getByRole('article').filter({ hasText: pkg.title });
    await expect(titles).toHaveText([pkg.title]);
    await planner.page.getByLabel('Status').selectOption('accepted');
    await expect(planner.page).toHaveURL(/[?&]status=accepted(&|$)/);
    await expect(planner.page.getByText('No accepted bookings.')).toBeVisible();
    await planner.page.getByLabel('Status').selectOption('pending');
    await expect(titles).toHaveText([pkg.title]);
    await planner.page.getByLabel('Status').selectOption('');
    await expect(planner.page).not.toHaveURL(/status=/);
    await booking.getByRole('button', { name: 'Accept' }).click();
    await expect(planner.page.getByText('Booking accepted.')).toBeVisible();
    await expect(booking.getByText('Accepted')).toBeVisible();

    // The client's page, rendered again, shows it accepted; its chat reaches the planner live.
    await page.goto('/dashboard/bookings');
    const mine = page.getByRole('article').filter({ hasText: pkg.title });
    await expect(mine.getByText('Accepted')).toBeVisible();
    await mine.getByRole('button', { name: /Open chat/ }).click();
    const chat = page.getByRole('region', { name: `Chat with ${planner.user.username}` });
    await expect(chat.getByText('No messages yet. Say hello!')).toBeVisible();
    await expect(chat.getByText('Not connected to chat server.')).toHaveCount(0);
    await chat.getByLabel(/Message to/).fill('Asante! See you on the day.');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(planner.page.getByText(`New message from ${client.name}`)).toBeVisible();
    await expect(booking.getByRole('button', { name: /chat with/ })).toContainText('1 unread message');
    expect(errors).toEqual([]);
  });

  test('a client cancels after confirming, and the planner sees it cancelled', async ({
    page,
    demoPlannerWithPackage,
    clientBooking,
  }) => {
    const { planner, pkg } = await demoPlannerWithPackage(DEMO.planner, 3);
    const { client } = await clientBooking(pkg);

    const booking = await openBooking(page, pkg.title);
    await booking.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await confirm.getByRole('button', { name: 'Keep booking' }).click();
    await expect(booking.getByText('Pending')).toBeVisible();
    await booking.getByRole('button', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Booking cancelled.')).toBeVisible();
    await expect(booking.getByText('Cancelled')).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await planner.page.goto(`/dashboard/bookings?with=${client._id}`);
    const theirs = planner.page.getByRole('article').filter({ hasText: pkg.title });
    await expect(theirs.getByText('Cancelled')).toBeVisible();
    await expect(theirs.getByRole('button', { name: /Accept|Reject/ })).toHaveCount(0);
  });
});
