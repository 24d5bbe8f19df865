import { todayInNairobi } from '@sherehe/shared/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { reviews } from '../../db/schema';

let admin: TestUser;
let proPlanner: TestUser;
let freePlanner: TestUser;
let client: TestUser;
const thisMonth = todayInNairobi().slice(0, 7);

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  admin = await createUser(db, { role: 'admin' });
  proPlanner = await createUser(db, { role: 'planner', planId: 'pro' });
  freePlanner = await createUser(db, { role: 'planner', planId: 'free' });
  client = await createUser(db, { role: 'client' });
  const client2 = await createUser(db, { role: 'client' });
  const proPackages = await Promise.all([1, 2].map(() => createPackage(db, { plannerId: proPlanner.id })));
  const freePackage = await createPackage(db, { plannerId: freePlanner.id });
  const day = `${thisMonth}-01`;
  const rows = [
    { pkg: proPackages[0]!, status: 'completed', price: 100000.5 },
    { pkg: proPackages[1]!, status: 'completed', price: 50000 },
    { pkg: proPackages[0]!, status: 'pending', price: 999 },
    { pkg: proPackages[1]!, status: 'cancelled', price: 999 },
    { pkg: freePackage, status: 'completed', price: 20000 },
    { pkg: freePackage, status: 'rejected', price: 999 },
  ] as const;
  for (const [index, row] of rows.entries()) {
    await createBookingRow(db, {
      clientId: index % 2 ? client.id : client2.id,
      packageId: row.pkg.id,
      plannerId: row.pkg.plannerId,
      status: row.status,
      price: row.price,
      eventDate: day,
    });
  }
  await db.insert(reviews).values([
    { packageId: proPackages[0]!.id, clientId: client2.id, rating: 5 },
    { packageId: freePackage.id, clientId: client2.id, rating: 3 },
  ]);
});

function overview(user?: TestUser) {
  return t.app.inject({ method: 'GET', url: '/api/analytics/overview', headers: user?.headers ?? {} });
}

async function overviewData(user: TestUser) {
  const response = await overview(user);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('GET /api/analytics/overview', () => {
  it('gives an admin the whole marketplace', async () => {
    const data = await overviewData(admin);
    expect(data).toMatchObject({
      scope: 'marketplace',
      totalBookings: 6,
      completedBookings: 3,
      totalRevenue: 170000.5,
      totalUsers: 5,
      clients: 2,
      planners: 2,
      admins: 1,
      totalPackages: 3,
      totalReviews: 2,
      bookingsByStatus: { pending: 1, accepted: 0, rejected: 1, completed: 3, cancelled: 1 },
    });
    expect(data.revenueByMonth).toHaveLength(12);
    expect(data.revenueByMonth.at(-1)).toEqual({ month: thisMonth, revenue: 170000.5, bookings: 3 });
    expect(data.revenueByMonth[0].revenue).toBe(0);
  });

  it("gives a planner with analytics their own packages' numbers, without user counts", async () => {
    const data = await overviewData(proPlanner);
    expect(data).toMatchObject({
      scope: 'planner',
      totalBookings: 4,
      completedBookings: 2,
      totalRevenue: 150000.5,
      totalPackages: 2,
      totalReviews: 1,
      bookingsByStatus: { pending: 1, completed: 2, cancelled: 1, rejected: 0, accepted: 0 },
    });
    expect(data.totalUsers).toBeUndefined();
    expect(data.clients).toBeUndefined();
    expect(data.revenueByMonth.at(-1)).toEqual({ month: thisMonth, revenue: 150000.5, bookings: 2 });
  });

  it('asks a planner whose plan lacks analytics to upgrade, and refuses clients and guests', async () => {
    const free = await overview(freePlanner);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ upgradePrompt: true, code: 'PLAN_LIMIT' });
    expect((await overview(client)).statusCode).toBe(403);
    expect((await overview()).statusCode).toBe(401);
  });
});
