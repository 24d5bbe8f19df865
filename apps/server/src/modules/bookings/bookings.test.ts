import { formatDay, todayInNairobi } from '@sherehe/shared/dates';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from '../../../test/build-app';
import { addDays, nairobiDayFromToday } from '../../../test/dates';
import {
  createBookingRow,
  createPackage,
  createPaymentRow,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { countStatements } from '../../../test/round-trips';
import { startSmtpServer } from '../../../test/smtp';
import {
  availabilityBlocks,
  type BookingRow,
  bookings,
  jobs,
  packages,
  smsMessages,
  users,
} from '../../db/schema';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let planner: TestUser;
let otherPlanner: TestUser;
let admin: TestUser;
let pkg: Awaited<ReturnType<typeof createPackage>>;

const FUTURE = nairobiDayFromToday(200);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sherehe <bookings@sherehe.test>' });
  const db = t.database.db;
  planner = await createUser(db, { role: 'planner', username: 'Wanjiru Events' });
  otherPlanner = await createUser(db, { role: 'planner' });
  admin = await createUser(db, { role: 'admin' });
  pkg = await createPackage(db, { plannerId: planner.id, title: 'Garden Wedding', price: 250000 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function book(user: TestUser | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: user?.headers ?? {},
    payload: body,
  });
}

function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    package: pkg.id,
    planner: planner.id,
    date: `${FUTURE}T00:00:00.000Z`,
    message: 'For 150 guests',
    ...overrides,
  };
}

async function bookingCount(clientId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(bookings)
    .where(eq(bookings.clientId, clientId));
  return row?.n ?? 0;
}

describe('POST /api/bookings/create', () => {
  it('books a package as pending with the price of the day, and tells the planner by email', async () => {
    const client = await createUser(t.database.db, { username: 'Grace Njeri', planId: 'enterprise' });
    const response = await book(client, bookingBody());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      booking: {
        status: 'pending',
        price: 250000,
        date: `${FUTURE}T00:00:00.000Z`,
        eventDate: FUTURE,
        message: 'For 150 guests',
        package: { _id: pkg.id, title: 'Garden Wedding', deleted: false },
        client: { _id: client.id, username: 'Grace Njeri' },
        planner: { _id: planner.id, username: 'Wanjiru Events' },
      },
    });
    const mail = await smtp.waitFor(planner.email, /New booking request: Garden Wedding/);
    expect(mail.raw).toContain('Grace Njeri');
    expect(mail.raw).toContain(formatDay(FUTURE));
    expect(mail.raw).toContain('http://localhost:3000/dashboard/bookings');

    // Nothing is paid yet; the deposit is the package's share (30 %) of the price, whole shillings.
    expect(response.json().booking).toMatchObject({
      depositAmount: 75000,
      amountPaid: 0,
      balanceDue: 250000,
      paymentStatus: 'unpaid',
    });

    // The stored price and deposit share do not follow later changes of the package.
    await t.database.db
      .update(packages)
      .set({ price: 300000, depositPercent: 50 })
      .where(eq(packages.id, pkg.id));
    const mine = await injectAs(t, client, 'GET', '/api/bookings/my');
    expect(mine.json().bookings[0]).toMatchObject({ price: 250000, depositAmount: 75000 });
    await t.database.db
      .update(packages)
      .set({ price: 250000, depositPercent: 30 })
      .where(eq(packages.id, pkg.id));
  });

  it('refuses planners with the specification’s text, and guests', async () => {
    const response = await book(otherPlanner, bookingBody());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only clients or admins can book packages.');
    expect((await book(undefined, bookingBody())).statusCode).toBe(401);
    expect(await bookingCount(otherPlanner.id)).toBe(0);
  });

  it('lets an admin book', async () => {
    expect((await book(admin, bookingBody())).statusCode).toBe(201);
  });

  it('accepts today in Nairobi and refuses yesterday, bad dates and dates years away', async () => {
    const client = await createUser(t.database.db, { planId: 'enterprise' });
    const today = todayInNairobi();
    const other = await createPackage(t.database.db, { plannerId: planner.id });
    for (const date of [
      addDays(today, -1),
      `${addDays(today, -1)}T00:00:00.000Z`,
      '2031-02-30',
      'soon',
      '',
      addDays(today, 4 * 366),
    ]) {
      const response = await book(client, bookingBody({ date, package: other.id }));
      expect(response.statusCode, date).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    const missing = await book(client, { package: other.id, planner: planner.id });
    expect(missing.json().message).toBe('Please select a date for your event.');
    expect(await bookingCount(client.id)).toBe(0);
    const todays = await book(client, bookingBody({ date: `${today}T00:00:00.000Z`, package: other.id }));
    expect(todays.statusCode).toBe(201);
    expect(todays.json().booking.eventDate).toBe(today);
  });

  it('wants the package’s own planner and an existing package', async () => {
    const client = await createUser(t.database.db, { planId: 'enterprise' });
    const wrong = await book(client, bookingBody({ planner: otherPlanner.id }));
    expect(wrong.statusCode).toBe(400);
    const unknown = await book(client, bookingBody({ package: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Package not found.');
    for (const body of [bookingBody({ package: 'x' }), bookingBody({ message: 'm'.repeat(1001) }), {}]) {
      expect((await book(client, body)).statusCode).toBe(400);
    }
    expect(await bookingCount(client.id)).toBe(0);
  });

  it('allows one open booking per client and package, and another once it is closed', async () => {
    const client = await createUser(t.database.db, { planId: 'enterprise' });
    const first = await book(client, bookingBody());
    expect(first.statusCode).toBe(201);
    const second = await book(client, bookingBody({ date: addDays(FUTURE, 11) }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You already have an open booking for this package.');
    const cancel = await injectAs(t, client, 'PATCH', `/api/bookings/${first.json().booking._id}`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    expect((await book(client, bookingBody())).statusCode).toBe(201);
  });
});

describe('a booking request in a few round trips', () => {
  it('reads its session, checks, books, queues its mail and reminder and answers in at most 7 statements', async () => {
    const client = await createUser(t.database.db);
    // The job queue's worker would poll meanwhile.
    await t.app.jobs.stop();
    try {
      const jobsBefore = new Set(
        (await t.database.db.select({ id: jobs.id }).from(jobs)).map((job) => job.id),
      );
      let answer: Awaited<ReturnType<typeof book>> | undefined;
      const statements = await countStatements(t.database, async () => {
        answer = await book(client, bookingBody({ date: nairobiDayFromToday(150) }));
      });
      expect(answer?.statusCode).toBe(201);
      // The session, BEGIN, the request's function (which reads the row back with its parties), the
      // planner's mail switch, their SMS number (none here), their mail and the reminder in one
      // statement, COMMIT.
      expect(statements).toBeLessThanOrEqual(7);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.clientId, client.id));
      expect(answer?.json().booking._id).toBe(row?.id);
      // The answer, made from the function's row, is the booking as the client's list reads it.
      const mine = await injectAs(t, client, 'GET', '/api/bookings/my');
      expect(mine.statusCode).toBe(200);
      expect(answer?.json().booking).toEqual(mine.json().bookings[0]);
      const queued = (await t.database.db.select().from(jobs)).filter((job) => !jobsBefore.has(job.id));
      expect(queued.map((job) => job.kind).sort()).toEqual(['booking-reminder', 'mail']);
    } finally {
      t.app.jobs.start();
    }
  });

  it('asks a planner with an SMS number for their switches once: at most 8 statements with the SMS', async () => {
    const texted = await createUser(t.database.db, { role: 'planner' });
    await t.database.db
      .update(users)
      .set({ smsPhone: '254712000150', smsPhoneVerifiedAt: new Date() })
      .where(eq(users.id, texted.id));
    const theirs = await createPackage(t.database.db, { plannerId: texted.id });
    const client = await createUser(t.database.db);
    await t.app.jobs.stop();
    try {
      let answer: Awaited<ReturnType<typeof book>> | undefined;
      const statements = await countStatements(t.database, async () => {
        answer = await book(client, bookingBody({ package: theirs.id, planner: texted.id }));
      });
      expect(answer?.statusCode).toBe(201);
      // The session, BEGIN, the request's function, the planner's switches (read once for the mail
      // and the SMS), their SMS number, the SMS, its job with the mail and the reminder, COMMIT.
      expect(statements).toBeLessThanOrEqual(8);
      const sent = await t.database.db.select().from(smsMessages).where(eq(smsMessages.userId, texted.id));
      expect(sent.map((sms) => sms.kind)).toEqual(['booking-requested']);
    } finally {
      t.app.jobs.start();
    }
  });

  it('refuses in fewer: a blocked day answers its conflict after 4 statements at most', async () => {
    const client = await createUser(t.database.db);
    const day = nairobiDayFromToday(151);
    await t.database.db.insert(availabilityBlocks).values({ plannerId: planner.id, day, note: 'Family' });
    await t.app.jobs.stop();
    try {
      let answer: Awaited<ReturnType<typeof book>> | undefined;
      const statements = await countStatements(t.database, async () => {
        answer = await book(client, bookingBody({ date: day }));
      });
      expect(answer?.statusCode).toBe(409);
      expect(answer?.json().reason).toBe('DAY_UNAVAILABLE');
      // The session, BEGIN, the function, ROLLBACK.
      expect(statements).toBeLessThanOrEqual(4);
    } finally {
      t.app.jobs.start();
    }
  });
});

describe("the client's monthly booking limit", () => {
  it('gives a Free client one booking a month, then the upgrade prompt', async () => {
    const client = await createUser(t.database.db, { planId: 'free' });
    const other = await createPackage(t.database.db, { plannerId: planner.id });
    expect((await book(client, bookingBody())).statusCode).toBe(201);
    const response = await book(client, bookingBody({ package: other.id }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      code: 'PLAN_LIMIT',
      upgradePrompt: true,
      message: "You have reached your plan's booking limit. Please upgrade your plan to book more events.",
    });
    expect(await bookingCount(client.id)).toBe(1);
  });

  it('counts only this calendar month', async () => {
    const client = await createUser(t.database.db, { planId: 'free' });
    const old = await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      status: 'completed',
      createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
    });
    expect(old.id).toBeDefined();
    expect((await book(client, bookingBody())).statusCode).toBe(201);
  });

  it('holds under concurrency: ten parallel requests from a Free client make exactly one booking', async () => {
    const client = await createUser(t.database.db, { planId: 'free' });
    const targets = await Promise.all(
      Array.from({ length: 10 }, () => createPackage(t.database.db, { plannerId: planner.id })),
    );
    const responses = await Promise.all(
      targets.map((target) => book(client, bookingBody({ package: target.id }))),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403, 403, 403, 403, 403, 403]);
    expect(await bookingCount(client.id)).toBe(1);
  });

  it('holds for the same package too: ten parallel requests, one booking', async () => {
    const client = await createUser(t.database.db, { planId: 'enterprise' });
    const target = await createPackage(t.database.db, { plannerId: planner.id });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => book(client, bookingBody({ package: target.id }))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await bookingCount(client.id)).toBe(1);
  });

  it('is told before booking: the requests sent this month and what the plan allows (GET /api/bookings/allowance)', async () => {
    const client = await createUser(t.database.db, { planId: 'free' });
    const allowance = async (user: TestUser) =>
      (await injectAs(t, user, 'GET', '/api/bookings/allowance')).json();
    // Last month's booking does not count against this month.
    await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      status: 'completed',
      createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
    });
    expect(await allowance(client)).toEqual({ success: true, allowance: { used: 0, max: 1 } });
    expect((await book(client, bookingBody())).statusCode).toBe(201);
    expect(await allowance(client)).toEqual({ success: true, allowance: { used: 1, max: 1 } });
    const boss = await createUser(t.database.db, { role: 'admin', planId: 'free' });
    expect((await allowance(boss)).allowance.max).toBeNull();
    const refused = await injectAs(t, planner, 'GET', '/api/bookings/allowance');
    expect(refused.statusCode).toBe(403);
  });

  it('does not limit admins', async () => {
    const boss = await createUser(t.database.db, { role: 'admin', planId: 'free' });
    for (let i = 0; i < 3; i++) {
      const target = await createPackage(t.database.db, { plannerId: planner.id });
      expect((await book(boss, bookingBody({ package: target.id }))).statusCode).toBe(201);
    }
  });
});

describe('booking lists', () => {
  let client: TestUser;
  let ids: string[];
  let plannerB: TestUser;

  beforeAll(async () => {
    client = await createUser(t.database.db, { planId: 'enterprise', username: 'List Client' });
    plannerB = await createUser(t.database.db, { role: 'planner', username: 'Planner B' });
    const mine = await createPackage(t.database.db, { plannerId: plannerB.id, title: 'B package' });
    const theirs = await createPackage(t.database.db, { plannerId: otherPlanner.id, title: 'Other package' });
    ids = [];
    const start = Date.now() - 10_000;
    for (const [index, target] of [mine, theirs, mine].entries()) {
      const row = await createBookingRow(t.database.db, {
        clientId: client.id,
        packageId: target.id,
        plannerId: target.plannerId,
        status: index === 2 ? 'accepted' : 'cancelled',
        createdAt: new Date(start + index * 1000),
      });
      ids.push(row.id);
    }
  });

  it('lists my bookings newest first, with package, client and planner embedded', async () => {
    const response = await injectAs(t, client, 'GET', '/api/bookings/my');
    expect(response.statusCode).toBe(200);
    const list = response.json().bookings;
    expect(list.map((b: { _id: string }) => b._id)).toEqual([...ids].reverse());
    expect(list[0]).toMatchObject({
      package: { title: 'B package', deleted: false },
      client: { _id: client.id, username: 'List Client' },
      planner: { _id: plannerB.id, username: 'Planner B' },
      status: 'accepted',
    });
  });

  it('filters by status and by the other party, and pages', async () => {
    const accepted = await injectAs(t, client, 'GET', '/api/bookings/my?status=accepted');
    expect(accepted.json().bookings.map((b: { _id: string }) => b._id)).toEqual([ids[2]]);
    const withB = await injectAs(t, client, 'GET', `/api/bookings/my?with=${plannerB.id}`);
    expect(withB.json().bookings).toHaveLength(2);
    const paged = await injectAs(t, client, 'GET', '/api/bookings/my?page=2&limit=2');
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(paged.json().bookings.map((b: { _id: string }) => b._id)).toEqual([ids[0]]);
    const bad = await injectAs(t, client, 'GET', '/api/bookings/my?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('filters by event day (from and to, both included) for a calendar month', async () => {
    const plannerC = await createUser(t.database.db, { role: 'planner', username: 'Planner C' });
    const pkg = await createPackage(t.database.db, { plannerId: plannerC.id, title: 'Dated package' });
    const first = nairobiDayFromToday(400);
    const days = [first, addDays(first, 1), addDays(first, 2)];
    const made: string[] = [];
    // A second apart, so newest first is the order made, however fast the inserts run.
    const base = Date.now();
    for (const [index, eventDate] of days.entries()) {
      const row = await createBookingRow(t.database.db, {
        clientId: client.id,
        packageId: pkg.id,
        plannerId: plannerC.id,
        status: 'cancelled',
        eventDate,
        createdAt: new Date(base + index * 1000),
      });
      made.push(row.id);
    }
    const idsOf = (response: { json: () => { bookings: { _id: string }[] } }) =>
      response.json().bookings.map((b) => b._id);
    const mine = await injectAs(t, client, 'GET', `/api/bookings/my?from=${days[1]}&to=${days[2]}`);
    expect(idsOf(mine)).toEqual([made[2], made[1]]);
    const planners = await injectAs(
      t,
      plannerC,
      'GET',
      `/api/bookings/for-planner?from=${days[0]}&to=${days[0]}`,
    );
    expect(idsOf(planners)).toEqual([made[0]]);
    const bad = await injectAs(t, client, 'GET', '/api/bookings/my?from=2026-02-30');
    expect(bad.statusCode).toBe(400);
  });

  it('gives a planner the bookings of their packages, an admin all, a client none', async () => {
    const forB = await injectAs(t, plannerB, 'GET', '/api/bookings/for-planner');
    expect(forB.json().bookings.map((b: { _id: string }) => b._id)).toEqual([ids[2], ids[0]]);
    const forAdmin = await injectAs(t, admin, 'GET', '/api/bookings/for-planner?limit=100');
    const adminIds = forAdmin.json().bookings.map((b: { _id: string }) => b._id);
    expect(adminIds).toEqual(expect.arrayContaining(ids));
    const forClient = await injectAs(t, client, 'GET', '/api/bookings/for-planner');
    expect(forClient.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: '/api/bookings/my' });
    expect(guest.statusCode).toBe(401);
  });

  it('shows each booking of a page as the whole list shows it, the total with it', async () => {
    const plannerD = await createUser(t.database.db, { role: 'planner', username: 'Planner D' });
    const pictured = await createPackage(t.database.db, { plannerId: plannerD.id, title: 'Pictured' });
    await t.database.db.update(packages).set({ image: 'pictured.jpg' }).where(eq(packages.id, pictured.id));
    const gone = await createPackage(t.database.db, { plannerId: plannerD.id, title: 'Gone since' });
    const quotedPackage = await createPackage(t.database.db, { plannerId: plannerD.id, title: 'Quoted' });
    const asked = await createPackage(t.database.db, { plannerId: plannerD.id });
    const base = Date.now() - 5_000;
    const made = [];
    for (const [index, target] of [pictured, gone, quotedPackage, asked].entries())
      made.push(
        await createBookingRow(t.database.db, {
          clientId: client.id,
          packageId: target.id,
          plannerId: plannerD.id,
          status: index === 2 ? 'accepted' : 'pending',
          createdAt: new Date(base + index * 1000),
        }),
      );
    const [paid, deleted, quoted, enquiry] = made as [BookingRow, BookingRow, BookingRow, BookingRow];
    await createPaymentRow(t.database.db, {
      bookingId: paid.id,
      userId: client.id,
      status: 'succeeded',
      amount: 250,
      amountCents: 25_000,
    });
    await t.database.db
      .update(bookings)
      .set({ packageTitle: 'Gone since' })
      .where(eq(bookings.id, deleted.id));
    await t.database.db.delete(packages).where(eq(packages.id, gone.id));
    await t.database.db
      .update(bookings)
      .set({
        quoteStatus: 'offered',
        quotePriceCents: 120_050,
        quoteDepositPercent: 30,
        quoteMessage: 'A better price',
        quoteExpiresAt: new Date(base + 86_400_000),
        quoteCreatedAt: new Date(base),
      })
      .where(eq(bookings.id, quoted.id));
    // An enquiry that named no package and no day.
    await t.database.db
      .update(bookings)
      .set({
        kind: 'enquiry',
        packageId: null,
        packageTitle: '',
        eventDate: null,
        guests: 80,
        budgetCents: 5_000_050,
        message: 'Are you free in June?',
      })
      .where(eq(bookings.id, enquiry.id));

    const whole = (await injectAs(t, plannerD, 'GET', '/api/bookings/for-planner')).json().bookings;
    expect(whole.map((b: { _id: string }) => b._id)).toEqual(made.map((row) => row.id).reverse());
    expect(whole[0]).toMatchObject({ kind: 'enquiry', package: { _id: null, title: '' }, budget: 50_000.5 });
    expect(whole[1].quote).toMatchObject({ price: 1200.5, depositPercent: 30, status: 'offered' });
    expect(whole[2].package).toMatchObject({ _id: null, title: 'Gone since', deleted: true });
    expect(whole[3]).toMatchObject({ amountPaid: 250, package: { _id: pictured.id, title: 'Pictured' } });
    expect(whole[3].package.image).toContain('pictured');
    for (const [page, limit] of [
      [1, 4],
      [1, 3],
      [2, 3],
      [2, 2],
    ] as const) {
      const paged = await injectAs(
        t,
        plannerD,
        'GET',
        `/api/bookings/for-planner?page=${page}&limit=${limit}`,
      );
      expect(paged.json()).toEqual({
        success: true,
        bookings: whole.slice((page - 1) * limit, page * limit),
        total: 4,
        page,
        pages: Math.ceil(4 / limit),
      });
    }
    const mine = (await injectAs(t, client, 'GET', '/api/bookings/my')).json().bookings;
    const myPage = await injectAs(t, client, 'GET', '/api/bookings/my?page=1&limit=100');
    expect(myPage.json()).toEqual({ success: true, bookings: mine, total: mine.length, page: 1, pages: 1 });
    expect(mine).toEqual(expect.arrayContaining(whole));
  });

  it('keeps a booking whose package was deleted, marked as such', async () => {
    const target = await createPackage(t.database.db, { plannerId: plannerB.id, title: 'Soon gone' });
    const row = await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: target.id,
      plannerId: plannerB.id,
    });
    await t.database.db.update(bookings).set({ packageTitle: 'Soon gone' }).where(eq(bookings.id, row.id));
    const deleted = await injectAs(t, plannerB, 'DELETE', `/api/packages/delete/${target.id}`);
    expect(deleted.statusCode).toBe(200);
    const response = await injectAs(t, client, 'GET', '/api/bookings/my');
    const kept = response.json().bookings.find((b: { _id: string }) => b._id === row.id);
    expect(kept.package).toEqual({
      _id: null,
      title: 'Soon gone',
      image: null,
      imageThumb: null,
      location: '',
      deleted: true,
    });
  });
});
