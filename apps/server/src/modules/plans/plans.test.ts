import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectNoSecrets } from '../../../test/assertions';
import { createTestApp, injectAs, type TestContext, useTestApp } from '../../../test/build-app';
import { createUser, type TestUser } from '../../../test/factories';
import { users } from '../../db/schema';

const t = useTestApp();

/** `PATCH /api/user/plan` on `app` as `user` (a guest without one). */
const choosePlan = (app: TestContext, user: TestUser | undefined, payload: Record<string, unknown>) =>
  app.app.inject({
    method: 'PATCH',
    url: '/api/user/plan',
    ...(user ? { headers: user.headers } : {}),
    payload,
  });

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET /api/plans', () => {
  it('lists the four plans of docs/product-rules.md (Plans) in order, with their limits', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      plans: [
        {
          _id: 'free',
          name: 'Free',
          price: 0,
          features: {
            maxBookingsPerMonth: 1,
            maxPackages: 3,
            analytics: false,
            featuredListing: false,
            prioritySupport: false,
          },
        },
        {
          _id: 'basic',
          name: 'Basic',
          price: 10,
          priceKes: 1300,
          features: {
            maxBookingsPerMonth: 3,
            maxPackages: 10,
            analytics: false,
            featuredListing: false,
            prioritySupport: false,
          },
        },
        {
          _id: 'pro',
          name: 'Pro',
          price: 25,
          priceKes: 3250,
          features: {
            maxBookingsPerMonth: 10,
            maxPackages: 15,
            analytics: true,
            featuredListing: true,
            prioritySupport: false,
          },
        },
        {
          _id: 'enterprise',
          name: 'Enterprise',
          price: 50,
          priceKes: 6500,
          features: {
            maxBookingsPerMonth: null,
            maxPackages: null,
            analytics: true,
            featuredListing: true,
            prioritySupport: true,
          },
        },
      ],
    });
  });
});

describe('PATCH /api/user/plan', () => {
  it('refuses a guest', async () => {
    const response = await choosePlan(t, undefined, { planId: 'pro' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('moves the user to Free at once, ending a paid period, and answers with the updated user', async () => {
    const user = await createUser(t.database.db, { planId: 'pro' });
    await t.database.db
      .update(users)
      .set({ planUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, user.id));
    const response = await choosePlan(t, user, { planId: 'free' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'You are now on the Free plan.',
      user: { _id: user.id, plan: { _id: 'free', name: 'Free' }, planUntil: null },
    });
    expectNoSecrets(response.body);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ planId: 'free', planUntil: null });
    const data = await injectAs(t, user, 'GET', '/api/user/data');
    expect(data.json().userData.plan._id).toBe('free');
  });

  it('answers 402 for a paid plan without a paid period: what 30 days cost in Ksh (price × PLAN_KES_PER_USD)', async () => {
    const user = await createUser(t.database.db);
    for (const [planId, amount, text] of [
      ['basic', 1300, 'The Basic plan costs Ksh 1,300 for 30 days. Pay to start it.'],
      ['pro', 3250, 'The Pro plan costs Ksh 3,250 for 30 days. Pay to start it.'],
      ['enterprise', 6500, 'The Enterprise plan costs Ksh 6,500 for 30 days. Pay to start it.'],
    ] as const) {
      const response = await choosePlan(t, user, { planId });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({
        success: false,
        code: 'PAYMENT_REQUIRED',
        paymentRequired: true,
        planId,
        amount,
        message: text,
      });
    }
    const row = await userRow(user.id);
    expect(row?.planId).toBe('free');
  });

  it('charges at the configured PLAN_KES_PER_USD, and with payments off changes any plan at once', async () => {
    const priced = await createTestApp({ PLAN_KES_PER_USD: '129' });
    const off = await createTestApp({ PAYMENTS_MODE: 'off' });
    try {
      const a = await createUser(priced.database.db);
      const quoted = await choosePlan(priced, a, { planId: 'pro' });
      expect(quoted.json()).toMatchObject({ paymentRequired: true, amount: 3225 });
      const b = await createUser(off.database.db);
      const free = await choosePlan(off, b, { planId: 'pro' });
      expect(free.statusCode).toBe(200);
      expect(free.json()).toMatchObject({ user: { plan: { _id: 'pro' }, planUntil: null } });
    } finally {
      await priced.close();
      await off.close();
    }
  });

  it("refuses the user's current plan with the specification's text", async () => {
    const user = await createUser(t.database.db, { planId: 'basic' });
    const response = await choosePlan(t, user, { planId: 'basic' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'You are already on this plan.' });
  });

  it('answers 404 for an unknown plan and 400 for a missing or malformed one, changing nothing', async () => {
    const user = await createUser(t.database.db);
    const unknown = await choosePlan(t, user, { planId: 'platinum' });
    expect(unknown.statusCode).toBe(404);
    for (const payload of [{}, { planId: 7 }, { planId: 'x'.repeat(500) }]) {
      const response = await choosePlan(t, user, payload);
      expect(response.statusCode).toBe(400);
    }
    const row = await userRow(user.id);
    expect(row?.planId).toBe('free');
  });

  it('changes only the plan, whatever else the body says', async () => {
    const user = await createUser(t.database.db, { planId: 'basic' });
    const response = await choosePlan(t, user, {
      planId: 'free',
      role: 'admin',
      email: 'taken@example.test',
    });
    expect(response.statusCode).toBe(200);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ planId: 'free', role: 'client', email: user.email });
  });
});
