// Browsing by day and by rating, as a guest would: "Free on" hides a busy planner's packages, "Top
// rated" orders by rating, the rating filter keeps the well rated, and cards name the planner and
// read their rating out.
import { expectAccessible, uniqueSuffix } from '../fixtures';
import {
  bookThroughApi,
  type CreatedPackage,
  createPackage,
  deletePackage,
  expect,
  test,
} from './helpers/bookings';
import { nairobiDayFromToday, nairobiToday } from './helpers/days';

test('Free on, Top rated and the rating filter, with the planner and rating on each card', async ({
  page,
  session,
  cleanups,
}) => {
  const suffix = uniqueSuffix();
  const plannerName = `E2E Browse Planner ${suffix}`;
  const planner = await session({ register: 'planner', name: plannerName });
  // Two events a day: both of today's bookings can be accepted, and then the day is full.
  const roomy = await planner.context.request.patch('/api/user/profile', { data: { eventsPerDay: 2 } });
  expect(roomy.status(), 'events per day').toBe(200);
  const made: CreatedPackage[] = [];
  // The loved one first: newest first, the plain one leads; by rating, the loved one.
  for (const name of ['Loved', 'Plain']) {
    const pkg = await createPackage(planner.context.request, { title: `Browse ${suffix} ${name} Gala` });
    cleanups.push(() => deletePackage(planner.context.request, pkg._id));
    made.push(pkg);
  }
  const [loved, plain] = made as [CreatedPackage, CreatedPackage];

  // A client books each for today; the planner accepts and completes both (an event can be
  // completed from its day on), and each client reviews theirs: the day is now full.
  const today = nairobiToday();
  for (const [pkg, rating] of [
    [loved, 5],
    [plain, 3],
  ] as const) {
    const client = await session({ register: 'client', name: `E2E Browse Client ${uniqueSuffix()}` });
    const booking = await bookThroughApi(client.context.request, pkg, today);
    for (const status of ['accepted', 'completed']) {
      const changed = await planner.context.request.patch(`/api/bookings/${booking._id}`, {
        data: { status },
      });
      expect(changed.status(), status).toBe(200);
    }
    const reviewed = await client.context.request.post('/api/reviews', {
      data: { package: pkg._id, rating, comment: 'Reviewed by a browser test.' },
    });
    expect(reviewed.status(), 'review').toBe(201);
  }

  // A guest finds both by a word of their titles, newest first.
  await page.goto('/packages');
  await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
  const cards = page.getByRole('article');
  const headings = cards.getByRole('heading');
  await expect(headings).toHaveText([plain.title, loved.title]);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${suffix}`));

  // Top rated: the 5 before the 3, though the 3 is newer.
  await page.getByLabel('Sort by').selectOption({ label: 'Top rated' });
  await expect(page).toHaveURL(/[?&]sort=rating/);
  await expect(headings).toHaveText([loved.title, plain.title]);

  // Each card names its planner and reads its rating out.
  const lovedCard = cards.filter({ has: page.getByRole('heading', { name: loved.title }) });
  await expect(
    lovedCard.locator('dt', { hasText: 'Planner:' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(plannerName);
  await expect(lovedCard.getByText('Rated 5.0 out of 5 from 1 review')).toBeAttached();
  await expect(lovedCard.getByText('1 review', { exact: true })).toBeVisible();
  const plainCard = cards.filter({ has: page.getByRole('heading', { name: plain.title }) });
  await expect(plainCard.getByText('Rated 3.0 out of 5 from 1 review')).toBeAttached();

  // 4 stars & up keeps the loved one.
  await page.getByLabel('Rating').selectOption({ label: '4 stars & up' });
  await expect(page).toHaveURL(/[?&]minRating=4/);
  await expect(headings).toHaveText([loved.title]);
  await page.getByLabel('Rating').selectOption({ label: 'Any rating' });
  await expect(headings).toHaveText([loved.title, plain.title]);

  // Free on today: the planner's day is full, so their packages go; tomorrow they are back.
  const freeOn = page.getByLabel('Free on');
  await expect(freeOn).toHaveAttribute('min', today);
  await freeOn.fill(today);
  await expect(page).toHaveURL(new RegExp(`[?&]date=${today}`));
  await expect(page.getByText('No packages match your search.')).toBeVisible();
  await expect(cards).toHaveCount(0);
  const tomorrow = nairobiDayFromToday(1);
  await freeOn.fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`[?&]date=${tomorrow}`));
  await expect(headings).toHaveText([loved.title, plain.title]);
  await expectAccessible(page);

  // The address is the whole state: opened afresh (rendered on the server), it shows the same.
  await page.goto(`/packages?q=${suffix}&sort=rating&minRating=4&date=${tomorrow}`);
  await expect(headings).toHaveText([loved.title]);
  await expect(page.getByLabel('Free on')).toHaveValue(tomorrow);
  await expect(page.getByLabel('Rating')).toHaveValue('4');
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await page.goto(`/packages?q=${suffix}&date=${today}`);
  await expect(page.getByText('No packages match your search.')).toBeVisible();
});

test('in Kiswahili: the day, rating and sort controls, accessible', async ({ page }) => {
  const today = nairobiToday();
  await page.goto(`/sw/packages?date=${nairobiDayFromToday(2)}&minRating=3&sort=rating`);
  const freeOn = page.getByLabel('Inapatikana tarehe');
  await expect(freeOn).toHaveAttribute('type', 'date');
  await expect(freeOn).toHaveAttribute('min', today);
  await expect(freeOn).toHaveValue(nairobiDayFromToday(2));
  await expect(page.getByLabel('Ukadiriaji')).toHaveValue('3');
  await expect(
    page.getByLabel('Ukadiriaji').getByRole('option', { name: 'Nyota 3 na zaidi' }),
  ).toBeAttached();
  await expect(page.getByLabel('Panga kwa')).toHaveValue('rating');
  await expectAccessible(page);
});
