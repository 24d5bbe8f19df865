import { expectAccessible, uniqueSuffix } from '../fixtures';
import {
  acceptThroughApi,
  bookThroughApi,
  createPackage,
  deletePackage,
  expect,
  test,
} from './helpers/bookings';

test.describe('replies to reviews on a phone @mobile', () => {
  test('a planner answers a review, edits the answer, and a guest reads it', async ({
    page,
    browser,
    baseURL,
    registerAs,
    session,
    cleanups,
  }) => {
    // The test's own planner (signed in on the phone), package, client and review, made through the API.
    const suffix = uniqueSuffix();
    const plannerName = `E2E Planner ${suffix}`;
    await registerAs('planner', plannerName);
    const pkg = await createPackage(page.request, { title: `E2E Reviewed Gala ${suffix}` });
    cleanups.push(() => deletePackage(page.request, pkg._id));
    const client = await session({ register: 'client', name: `E2E Client ${suffix}` });
    const booking = await bookThroughApi(client.context.request, pkg);
    await acceptThroughApi(page.request, booking._id);
    const reviewed = await client.context.request.post('/api/reviews', {
      data: { package: pkg._id, rating: 5, comment: 'A wonderful evening, well planned.' },
    });
    expect(reviewed.status(), 'review').toBe(201);

    // The planner meets the review on their package's page and answers it.
    await page.goto(`/packages/${pkg._id}`);
    const review = page.getByRole('listitem').filter({ hasText: 'A wonderful evening, well planned.' });
    await review.getByRole('button', { name: 'Reply' }).tap();
    const field = review.getByLabel('Your reply');
    await expect(field).toBeVisible();
    await expectAccessible(page);
    await field.fill('Asante sana! Karibu tena.');
    await review.getByRole('button', { name: 'Save reply' }).tap();
    await expect(page.getByText('Reply saved.')).toBeVisible();
    await expect(review.getByText(`Reply from ${plannerName}`)).toBeVisible();
    await expect(review.getByText('Asante sana! Karibu tena.')).toBeVisible();

    // Edited: the new words replace the old.
    await review.getByRole('button', { name: 'Edit reply' }).tap();
    await expect(review.getByLabel('Your reply')).toHaveValue('Asante sana! Karibu tena.');
    await review.getByLabel('Your reply').fill('Asante sana! It was a joy to plan your evening.');
    await review.getByRole('button', { name: 'Save reply' }).tap();
    await expect(review.getByText('Asante sana! It was a joy to plan your evening.')).toBeVisible();
    await expect(review.getByRole('button', { name: 'Remove reply' })).toBeVisible();

    // A guest on a phone sees the edited reply (the stored page is rendered again within seconds),
    // with no reply controls.
    const guest = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      isMobile: true,
      hasTouch: true,
    });
    cleanups.push(() => guest.close());
    const guestPage = await guest.newPage();
    await expect
      .poll(
        async () => {
          await guestPage.goto(`/packages/${pkg._id}`);
          // The reviews are read once the page runs: give each visit a moment to show them.
          return guestPage
            .getByText('Asante sana! It was a joy to plan your evening.')
            .waitFor({ timeout: 2_000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 10_000, intervals: [500, 1_000] },
      )
      .toBe(true);
    const guestReview = guestPage
      .getByRole('listitem')
      .filter({ hasText: 'A wonderful evening, well planned.' });
    await expect(guestReview.getByText(`Reply from ${plannerName}`)).toBeVisible();
    await expect(guestReview.getByRole('button', { name: /reply/i })).toHaveCount(0);
  });
});
