import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { packages, reviews } from '../../db/schema';

let planner: TestUser;
let admin: TestUser;
let pkg: Awaited<ReturnType<typeof createPackage>>;

const t = useTestApp();
beforeAll(async () => {
  planner = await createUser(t.database.db, { role: 'planner' });
  admin = await createUser(t.database.db, { role: 'admin' });
  pkg = await createPackage(t.database.db, { plannerId: planner.id, title: 'Reviewed Package' });
});

async function clientWithBooking(
  status: 'pending' | 'accepted' | 'rejected' | 'completed' | 'cancelled',
  packageId = pkg.id,
) {
  const client = await createUser(t.database.db, { role: 'client' });
  await createBookingRow(t.database.db, { clientId: client.id, packageId, plannerId: planner.id, status });
  return client;
}

function review(user: TestUser | undefined, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/reviews', headers: user?.headers ?? {}, payload: body });
}

async function storedRating(packageId = pkg.id) {
  const [row] = await t.database.db
    .select({ avg: packages.ratingAvg, count: packages.ratingCount })
    .from(packages)
    .where(eq(packages.id, packageId));
  return row;
}

describe('POST /api/reviews', () => {
  it('lets a client with an accepted or completed booking review once, and updates the average', async () => {
    const first = await clientWithBooking('completed');
    const created = await review(first, { package: pkg.id, rating: 5, comment: ' Wonderful day! ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      review: {
        rating: 5,
        comment: 'Wonderful day!',
        client: { _id: first.id },
        package: { _id: pkg.id, title: 'Reviewed Package' },
      },
    });
    const second = await clientWithBooking('accepted');
    expect((await review(second, { package: pkg.id, rating: 4 })).statusCode).toBe(201);
    expect(await storedRating()).toEqual({ avg: 4.5, count: 2 });
    const list = await t.app.inject({ method: 'GET', url: `/api/reviews/${pkg.id}` });
    expect(list.json()).toMatchObject({ success: true, average: 4.5, count: 2 });
    expect(list.json().reviews.map((r: { rating: number }) => r.rating)).toEqual([4, 5]);
    const again = await review(first, { package: pkg.id, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this package.');
    expect(await storedRating()).toEqual({ avg: 4.5, count: 2 });
  });

  it.each(['pending', 'rejected', 'cancelled'] as const)(
    'refuses a client whose booking is %s',
    async (status) => {
      const client = await clientWithBooking(status);
      const response = await review(client, { package: pkg.id, rating: 4 });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'You can review a package once your booking of it has been accepted.',
      );
    },
  );

  it('refuses a client with no booking, a planner, and a guest', async () => {
    const client = await createUser(t.database.db);
    expect((await review(client, { package: pkg.id, rating: 4 })).statusCode).toBe(403);
    expect((await review(planner, { package: pkg.id, rating: 4 })).statusCode).toBe(403);
    expect((await review(undefined, { package: pkg.id, rating: 4 })).statusCode).toBe(401);
  });

  it.each([0, 6, 3.5, '4', null])('refuses a rating of %s with the specification’s text', async (rating) => {
    const client = await clientWithBooking('completed');
    const response = await review(client, { package: pkg.id, rating });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select a rating between 1 and 5 stars.');
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.clientId, client.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an unknown package', async () => {
    const client = await clientWithBooking('completed');
    const response = await review(client, { package: '00000000-0000-4000-8000-000000000000', rating: 3 });
    expect(response.statusCode).toBe(404);
  });
});

describe('changing and deleting reviews', () => {
  it('lets only the author edit; the author or an admin delete', async () => {
    const target = await createPackage(t.database.db, { plannerId: planner.id });
    const author = await clientWithBooking('completed', target.id);
    const other = await clientWithBooking('completed', target.id);
    const id = (await review(author, { package: target.id, rating: 2, comment: 'Late start' })).json().review
      ._id;

    const byOther = await injectAs(t, other, 'PATCH', `/api/reviews/${id}`, { rating: 1 });
    expect(byOther.statusCode).toBe(403);
    const byAdmin = await injectAs(t, admin, 'PATCH', `/api/reviews/${id}`, { rating: 5 });
    expect(byAdmin.statusCode).toBe(403);
    const edited = await injectAs(t, author, 'PATCH', `/api/reviews/${id}`, {
      rating: 4,
      comment: 'Late start, great party',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review).toMatchObject({ rating: 4, comment: 'Late start, great party' });
    expect(await storedRating(target.id)).toEqual({ avg: 4, count: 1 });
    const badEdit = await injectAs(t, author, 'PATCH', `/api/reviews/${id}`, { rating: 9 });
    expect(badEdit.statusCode).toBe(400);
    const emptyEdit = await injectAs(t, author, 'PATCH', `/api/reviews/${id}`, {});
    expect(emptyEdit.statusCode).toBe(400);

    const deleteByOther = await injectAs(t, other, 'DELETE', `/api/reviews/${id}`);
    expect(deleteByOther.statusCode).toBe(403);
    const deleteByPlanner = await injectAs(t, planner, 'DELETE', `/api/reviews/${id}`);
    expect(deleteByPlanner.statusCode).toBe(403);
    const deleted = await injectAs(t, author, 'DELETE', `/api/reviews/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await storedRating(target.id)).toEqual({ avg: 0, count: 0 });

    const second = (await review(other, { package: target.id, rating: 1 })).json().review._id;
    const moderated = await injectAs(t, admin, 'DELETE', `/api/reviews/${second}`);
    expect(moderated.statusCode).toBe(200);
    const missing = await injectAs(t, admin, 'DELETE', `/api/reviews/${second}`);
    expect(missing.statusCode).toBe(404);
  });
});

describe("a planner's reviews", () => {
  it('lists reviews of all their packages with total and average, paged for the profile', async () => {
    const plannerB = await createUser(t.database.db, { role: 'planner' });
    const packagesOfB = await Promise.all(
      [1, 2].map(() => createPackage(t.database.db, { plannerId: plannerB.id })),
    );
    for (const [index, rating] of [5, 4, 3, 4].entries()) {
      const target = packagesOfB[index % 2]!;
      const client = await createUser(t.database.db);
      await createBookingRow(t.database.db, {
        clientId: client.id,
        packageId: target.id,
        plannerId: plannerB.id,
        status: 'completed',
      });
      expect((await review(client, { package: target.id, rating })).statusCode).toBe(201);
    }
    const firstThree = await t.app.inject({ method: 'GET', url: `/api/reviews/user/${plannerB.id}?limit=3` });
    expect(firstThree.json()).toMatchObject({ success: true, count: 4, total: 4, average: 4 });
    expect(firstThree.json().reviews).toHaveLength(3);
    expect(firstThree.json().reviews[0]).toMatchObject({ rating: 4, package: { _id: packagesOfB[1]!.id } });
    const none = await t.app.inject({ method: 'GET', url: `/api/reviews/user/${admin.id}` });
    expect(none.json()).toMatchObject({ reviews: [], count: 0, average: 0 });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/reviews/user/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
