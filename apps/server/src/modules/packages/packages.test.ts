import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createCategory, createPackage, createUser } from '../../../test/factories';
import { plans, users } from '../../db/schema';

let plannerFree: Awaited<ReturnType<typeof createUser>>;
let plannerPro: Awaited<ReturnType<typeof createUser>>;
const titles: string[] = [];

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  plannerFree = await createUser(db, { role: 'planner', username: 'Free Planner' });
  plannerPro = await createUser(db, { role: 'planner', planId: 'pro', username: 'Pro Planner' });
  const category = await createCategory(db, 'Weddings');
  const start = Date.now() - 3_600_000;
  // Seven packages a minute apart; the Pro planner owns the two oldest.
  for (let i = 0; i < 7; i++) {
    const title = `Package ${i}`;
    titles.push(title);
    await createPackage(db, {
      title,
      price: 1000 + i + 0.5,
      categoryId: category.id,
      plannerId: i < 2 ? plannerPro.id : plannerFree.id,
      createdAt: new Date(start + i * 60_000),
    });
  }
});

describe('GET /api/packages', () => {
  it('lists every package newest first with category and planner embedded', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(body.data.map((p: { title: string }) => p.title)).toEqual([...titles].reverse());
    expect(body.data[0]).toMatchObject({
      _id: expect.any(String),
      title: 'Package 6',
      price: 1006.5,
      location: 'Nairobi',
      category: { _id: expect.any(String), name: 'Weddings' },
      planner: { _id: plannerFree.id, username: 'Free Planner', email: plannerFree.email },
      image: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('pages on the server when page or limit is given', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/packages?page=2&limit=3' });
    expect(response.json()).toMatchObject({ success: true, total: 7, page: 2, pages: 3 });
    expect(response.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Package 3',
      'Package 2',
      'Package 1',
    ]);
    const last = await t.app.inject({ method: 'GET', url: '/api/packages?page=3&limit=3' });
    expect(last.json().data).toHaveLength(1);
    const beyond = await t.app.inject({ method: 'GET', url: '/api/packages?page=9&limit=3' });
    expect(beyond.json()).toMatchObject({ data: [], total: 7, page: 9, pages: 3 });
  });

  it("puts featured-listing planners' packages first when asked", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/packages?sort=featured&page=1&limit=3' });
    expect(response.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Package 1',
      'Package 0',
      'Package 6',
    ]);
    // Downgrading the planner takes them off the front.
    await t.database.db.update(users).set({ planId: 'free' }).where(eq(users.id, plannerPro.id));
    const after = await t.app.inject({ method: 'GET', url: '/api/packages?sort=featured&page=1&limit=3' });
    expect(after.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Package 6',
      'Package 5',
      'Package 4',
    ]);
  });

  it('follows plan changes made through the API, a new package, and a change to a plan itself', async () => {
    const featured = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/packages?sort=featured&page=1&limit=2',
      });
      return response.json().data.map((p: { title: string }) => p.title);
    };
    // The Free planner is moved to Enterprise (a featured listing) through the app, by an admin
    // (a paid plan is otherwise bought: plan-payments.test.ts).
    const admin = await createUser(t.database.db, { role: 'admin' });
    const upgrade = await injectAs(t, admin, 'PATCH', `/api/user/${plannerFree.id}/plan`, {
      planId: 'enterprise',
    });
    expect(upgrade.statusCode).toBe(200);
    expect(await featured()).toEqual(['Package 6', 'Package 5']);
    // Back on Free; the other planner (downgraded above) back on Pro comes first again.
    await injectAs(t, plannerFree, 'PATCH', '/api/user/plan', { planId: 'free' });
    await t.database.db.update(users).set({ planId: 'pro' }).where(eq(users.id, plannerPro.id));
    expect(await featured()).toEqual(['Package 1', 'Package 0']);
    // Pro loses its featured listing: nobody is featured, so the newest come first.
    await t.database.db.update(plans).set({ featuredListing: false }).where(eq(plans.id, 'pro'));
    expect(await featured()).toEqual(['Package 6', 'Package 5']);
    await t.database.db.update(plans).set({ featuredListing: true }).where(eq(plans.id, 'pro'));
    // A new package of a featured planner is featured from the start.
    await createPackage(t.database.db, {
      title: 'Package 7',
      price: 2000,
      categoryId: (await createCategory(t.database.db)).id,
      plannerId: plannerPro.id,
      createdAt: new Date(Date.now() - 7_200_000),
    });
    expect(await featured()).toEqual(['Package 1', 'Package 0']);
    const all = await t.app.inject({ method: 'GET', url: '/api/packages?sort=featured&page=1&limit=3' });
    expect(all.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Package 1',
      'Package 0',
      'Package 7',
    ]);
    await t.database.db.update(users).set({ planId: 'free' }).where(eq(users.id, plannerPro.id));
  });

  it.each(['page=0', 'page=abc', 'limit=1000', 'limit=-1', 'sort=cheapest'])(
    'answers 400 for %s',
    async (query) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/packages?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'VALIDATION',
        errors: expect.any(Array),
      });
    },
  );
});
