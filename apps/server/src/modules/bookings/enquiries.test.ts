import { MESSAGES } from '@sherehe/shared/messages';
import { ENQUIRIES_PER_DAY } from '@sherehe/shared/schemas/bookings';
import { count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, listenLocally, type TestContext } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import { connected, connectSocket, emitAck, nextEvent } from '../../../test/sockets';
import { bookings, users } from '../../db/schema';

let t: TestContext;
let url: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let planner: TestUser;
let pkg: Awaited<ReturnType<typeof createPackage>>;
const sockets: Socket[] = [];

const FUTURE = nairobiDayFromToday(120);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sherehe <bookings@sherehe.test>' });
  url = await listenLocally(t);
  planner = await createUser(t.database.db, { role: 'planner', username: 'Baraka Events' });
  pkg = await createPackage(t.database.db, { plannerId: planner.id, title: 'Coast Wedding', price: 300000 });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function enquire(user: TestUser | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/enquiries',
    headers: user?.headers ?? {},
    payload: body,
  });
}

const withPackage = (overrides: Record<string, unknown> = {}) => ({
  package: pkg.id,
  planner: planner.id,
  guests: 150,
  budget: 250000.5,
  message: 'Do you do beach weddings in Diani?',
  ...overrides,
});

async function rowsOf(clientId: string) {
  return t.database.db.select().from(bookings).where(eq(bookings.clientId, clientId));
}

async function allBookings() {
  const [row] = await t.database.db.select({ n: count() }).from(bookings);
  return row?.n ?? 0;
}

describe('POST /api/bookings/enquiries', () => {
  it('asks about a package without a day: a pending enquiry, not a request, and the planner is told', async () => {
    const client = await createUser(t.database.db, { username: 'Amina Otieno' });
    const response = await enquire(client, withPackage());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: MESSAGES.enquiries.sent,
      booking: {
        kind: 'enquiry',
        status: 'pending',
        date: null,
        eventDate: null,
        guests: 150,
        budget: 250000.5,
        message: 'Do you do beach weddings in Diani?',
        price: 300000,
        package: { _id: pkg.id, title: 'Coast Wedding', deleted: false },
        client: { _id: client.id, username: 'Amina Otieno' },
        planner: { _id: planner.id, username: 'Baraka Events' },
      },
    });
    const [row] = await rowsOf(client.id);
    expect(row).toMatchObject({ kind: 'enquiry', eventDate: null, requestedAt: null, budgetCents: 25000050 });
    const mail = await smtp.waitFor(planner.email, /New enquiry: Coast Wedding/);
    expect(decodeQuotedPrintable(mail.raw)).toContain('Amina Otieno');
    expect(decodeQuotedPrintable(mail.raw)).toContain('a date to be agreed');
    expect(decodeQuotedPrintable(mail.raw)).toContain('Guests: 150');
    expect(decodeQuotedPrintable(mail.raw)).toContain('beach weddings');
  });

  it('asks with a day, and from a profile without a package ("Enquiry to <planner>")', async () => {
    const client = await createUser(t.database.db);
    const dated = await enquire(client, withPackage({ eventDate: FUTURE, guests: null, budget: null }));
    expect(dated.statusCode).toBe(201);
    expect(dated.json().booking).toMatchObject({
      eventDate: FUTURE,
      date: `${FUTURE}T00:00:00.000Z`,
      guests: null,
      budget: null,
    });
    await smtp.waitFor(planner.email, /New enquiry: Coast Wedding/);

    const profile = await enquire(client, { planner: planner.id, message: 'Are you free in March?' });
    expect(profile.statusCode).toBe(201);
    expect(profile.json().booking).toMatchObject({
      kind: 'enquiry',
      eventDate: null,
      price: 0,
      package: { _id: null, title: '', deleted: false },
      planner: { _id: planner.id },
    });
    await smtp.waitFor(planner.email, /New enquiry: Enquiry to Baraka Events/);
    // A second question from the profile is fine: the one-open-per-package rule is about packages.
    expect((await enquire(client, { planner: planner.id, message: 'And in April?' })).statusCode).toBe(201);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const client = await createUser(t.database.db);
    const other = await createUser(t.database.db, { role: 'planner' });
    const before = await allBookings();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [withPackage({ message: '   ' }), 400, MESSAGES.enquiries.messageRequired],
      [withPackage({ message: 'x'.repeat(2001) }), 400, 'message'],
      [withPackage({ guests: 0 }), 400, MESSAGES.enquiries.guestsInvalid],
      [withPackage({ guests: 100_001 }), 400, MESSAGES.enquiries.guestsInvalid],
      [withPackage({ guests: 2.5 }), 400, MESSAGES.enquiries.guestsInvalid],
      [withPackage({ budget: -1 }), 400, MESSAGES.enquiries.budgetInvalid],
      [withPackage({ budget: 10.005 }), 400, MESSAGES.enquiries.budgetInvalid],
      [withPackage({ eventDate: nairobiDayFromToday(-1) }), 400, MESSAGES.bookings.pastDate],
      [withPackage({ eventDate: nairobiDayFromToday(4000) }), 400, MESSAGES.bookings.tooFar],
      [withPackage({ eventDate: 'someday' }), 400, 'date'],
      [withPackage({ planner: other.id }), 400, MESSAGES.bookings.wrongPlanner],
      [withPackage({ package: '00000000-0000-4000-8000-000000000000' }), 404, MESSAGES.packages.notFound],
      [
        { planner: '00000000-0000-4000-8000-000000000000', message: 'Hi' },
        404,
        MESSAGES.enquiries.plannerNotFound,
      ],
      [{ planner: client.id, message: 'Hi' }, 409, MESSAGES.enquiries.notAPlanner],
    ];
    for (const [body, status, text] of cases) {
      const response = await enquire(client, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(JSON.stringify(response.json())).toContain(text);
    }
    expect(await allBookings()).toBe(before);
  });

  it('is for signed-in clients only', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const before = await allBookings();
    expect((await enquire(undefined, withPackage())).statusCode).toBe(401);
    const asPlanner = await enquire(planner, withPackage());
    expect(asPlanner.statusCode).toBe(403);
    expect(asPlanner.json().message).toBe(MESSAGES.enquiries.onlyClients);
    expect((await enquire(admin, withPackage())).statusCode).toBe(403);
    expect(await allBookings()).toBe(before);
  });

  it('allows one open enquiry or request per package, said plainly either way', async () => {
    const client = await createUser(t.database.db, { planId: 'enterprise' });
    const first = await enquire(client, withPackage());
    expect(first.statusCode).toBe(201);
    const again = await enquire(client, withPackage({ message: 'Again?' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.enquiries.alreadyOpen);
    const request = await injectAs(t, client, 'POST', '/api/bookings/create', {
      package: pkg.id,
      planner: planner.id,
      date: FUTURE,
    });
    expect(request.statusCode).toBe(409);
    expect(request.json().message).toBe(MESSAGES.enquiries.alreadyOpen);
    // Once the enquiry is cancelled, the package may be asked about or booked again.
    const cancel = await injectAs(t, client, 'PATCH', `/api/bookings/${first.json().booking._id}`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    expect((await enquire(client, withPackage())).statusCode).toBe(201);
    expect((await rowsOf(client.id)).length).toBe(2);
  });
});

describe('the monthly allowance and the daily limit', () => {
  it('leaves the monthly allowance alone: a Free client who used it can still ask', async () => {
    const client = await createUser(t.database.db, { planId: 'free' });
    const other = await createPackage(t.database.db, { plannerId: planner.id });
    const booked = await injectAs(t, client, 'POST', '/api/bookings/create', {
      package: other.id,
      planner: planner.id,
      date: FUTURE,
    });
    expect(booked.statusCode).toBe(201);
    expect((await enquire(client, withPackage())).statusCode).toBe(201);
    const allowance = await injectAs(t, client, 'GET', '/api/bookings/allowance');
    expect(allowance.json().allowance).toEqual({ used: 1, max: 1 });
  });

  it('and a Free client who asked first can still book', async () => {
    const client = await createUser(t.database.db, { planId: 'free' });
    const other = await createPackage(t.database.db, { plannerId: planner.id });
    expect((await enquire(client, withPackage())).statusCode).toBe(201);
    expect((await enquire(client, { planner: planner.id, message: 'Hello' })).statusCode).toBe(201);
    expect((await injectAs(t, client, 'GET', '/api/bookings/allowance')).json().allowance).toEqual({
      used: 0,
      max: 1,
    });
    const booked = await injectAs(t, client, 'POST', '/api/bookings/create', {
      package: other.id,
      planner: planner.id,
      date: FUTURE,
    });
    expect(booked.statusCode).toBe(201);
  });

  it(`takes ${ENQUIRIES_PER_DAY} enquiries a day per client, then 429 with Retry-After, counting cancelled ones`, async () => {
    const client = await createUser(t.database.db);
    const first = await enquire(client, { planner: planner.id, message: 'Question 1' });
    expect(first.statusCode).toBe(201);
    await injectAs(t, client, 'PATCH', `/api/bookings/${first.json().booking._id}`, { status: 'cancelled' });
    for (let n = 2; n <= ENQUIRIES_PER_DAY; n += 1) {
      expect((await enquire(client, { planner: planner.id, message: `Question ${n}` })).statusCode).toBe(201);
    }
    const refused = await enquire(client, { planner: planner.id, message: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: MESSAGES.enquiries.dailyLimit(ENQUIRIES_PER_DAY),
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect((await rowsOf(client.id)).length).toBe(ENQUIRIES_PER_DAY);
    // Another client is not held back.
    expect((await enquire(await createUser(t.database.db), withPackage())).statusCode).toBe(201);
  });

  it('holds under concurrency: parallel enquiries never pass the daily limit', async () => {
    const client = await createUser(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: ENQUIRIES_PER_DAY + 3 }, (_, n) =>
        enquire(client, { planner: planner.id, message: `Parallel ${n}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(ENQUIRIES_PER_DAY);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(3);
    expect((await rowsOf(client.id)).length).toBe(ENQUIRIES_PER_DAY);
  });
});

describe('answering an enquiry', () => {
  async function openSocket(user: TestUser) {
    const socket = connectSocket(url, { token: user.token });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  it('has the booking chat: the planner answers the client there', async () => {
    const client = await createUser(t.database.db, { username: 'Chat Client' });
    const id = (await enquire(client, withPackage())).json().booking._id as string;
    const clientSocket = await openSocket(client);
    const plannerSocket = await openSocket(planner);
    expect(await emitAck(clientSocket, 'joinRoom', { bookingId: id })).toEqual({ success: true });
    expect(await emitAck(plannerSocket, 'joinRoom', { bookingId: id })).toEqual({ success: true });
    const atClient = nextEvent<Record<string, unknown>>(clientSocket, 'newMessage');
    const ack = await emitAck<{ success: boolean }>(plannerSocket, 'sendMessage', {
      bookingId: id,
      receiver: client.id,
      content: 'Yes, Diani works. For 150 guests about Ksh 280,000.',
    });
    expect(ack.success).toBe(true);
    expect(await atClient).toMatchObject({
      booking: id,
      sender: { _id: planner.id },
      content: 'Yes, Diani works. For 150 guests about Ksh 280,000.',
    });
  });

  it('cannot be accepted as it is: an undated one needs a quote naming the day; a dated one too', async () => {
    const client = await createUser(t.database.db);
    const undated = (await enquire(client, withPackage())).json().booking._id as string;
    const refused = await injectAs(t, planner, 'PATCH', `/api/bookings/${undated}`, { status: 'accepted' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.enquiries.acceptNeedsDay);
    const dated = (await enquire(client, { planner: planner.id, eventDate: FUTURE, message: 'Hi' })).json()
      .booking._id as string;
    const alsoRefused = await injectAs(t, planner, 'PATCH', `/api/bookings/${dated}`, { status: 'accepted' });
    expect(alsoRefused.statusCode).toBe(409);
    expect(alsoRefused.json().message).toBe(MESSAGES.enquiries.acceptWithQuote);
    const rows = await rowsOf(client.id);
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('becomes a booking when the client accepts a quote that names the day', async () => {
    const client = await createUser(t.database.db, { planId: 'free' });
    const id = (await enquire(client, withPackage())).json().booking._id as string;
    const offer = { price: 280000, depositPercent: 30, expiresInDays: 3, message: 'Diani, 150 guests' };
    // The quote names the day the enquiry left open.
    const quoted = await injectAs(t, planner, 'POST', `/api/bookings/${id}/quote`, {
      ...offer,
      eventDate: FUTURE,
    });
    expect(quoted.statusCode).toBe(200);
    const accepted = await injectAs(t, client, 'POST', `/api/bookings/${id}/quote/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().booking).toMatchObject({
      kind: 'booking',
      status: 'accepted',
      eventDate: FUTURE,
      price: 280000,
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.requestedAt).not.toBeNull();
    expect((await injectAs(t, client, 'GET', '/api/bookings/allowance')).json().allowance).toEqual({
      used: 1,
      max: 1,
    });
  });

  it('may be declined by the planner and cancelled by the client, each told with "date to be agreed"', async () => {
    const client = await createUser(t.database.db, { username: 'Decline Client' });
    const first = (await enquire(client, withPackage())).json().booking._id as string;
    const declined = await injectAs(t, planner, 'PATCH', `/api/bookings/${first}`, { status: 'rejected' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().booking).toMatchObject({ kind: 'enquiry', status: 'rejected', eventDate: null });
    const mail = await smtp.waitFor(client.email, /Coast Wedding/);
    expect(decodeQuotedPrintable(mail.raw)).toContain('a date to be agreed');

    const quiet = await createUser(t.database.db, { role: 'planner', username: 'Zawadi Decor' });
    const second = (await enquire(client, { planner: quiet.id, message: 'Hello' })).json().booking._id;
    const cancelled = await injectAs(t, client, 'PATCH', `/api/bookings/${second}`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const planners = await smtp.waitFor(quiet.email, /Booking cancelled: Enquiry to Zawadi Decor/);
    expect(decodeQuotedPrintable(planners.raw)).toContain('Decline Client');
  });
});

describe('enquiries and the calendar', () => {
  it('never appear in availability; a full day neither refuses nor declines them', async () => {
    const busy = await createUser(t.database.db, { role: 'planner' });
    await t.database.db.update(users).set({ eventsPerDay: 1 }).where(eq(users.id, busy.id));
    const busyPkg = await createPackage(t.database.db, { plannerId: busy.id });
    const client = await createUser(t.database.db);
    const undated = await enquire(client, { package: busyPkg.id, planner: busy.id, message: 'Undated' });
    expect(undated.statusCode).toBe(201);
    const other = await createUser(t.database.db);
    const dated = await enquire(other, { planner: busy.id, eventDate: FUTURE, message: 'Dated' });
    expect(dated.statusCode).toBe(201);
    const range = `from=${nairobiDayFromToday(0)}&to=${nairobiDayFromToday(180)}`;
    const before = await t.app.inject({ url: `/api/planners/${busy.id}/availability?${range}` });
    expect(before.json().unavailable).toEqual([]);

    // A request for the day, accepted: the day is full, and the dated enquiry stays open.
    await createBookingRow(t.database.db, {
      clientId: (await createUser(t.database.db)).id,
      packageId: busyPkg.id,
      plannerId: busy.id,
      status: 'accepted',
      eventDate: FUTURE,
    });
    const after = await t.app.inject({ url: `/api/planners/${busy.id}/availability?${range}` });
    expect(after.json().unavailable).toEqual([FUTURE]);
    const third = await createUser(t.database.db);
    const onFullDay = await enquire(third, { planner: busy.id, eventDate: FUTURE, message: 'Still?' });
    expect(onFullDay.statusCode).toBe(201);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.plannerId, busy.id));
    expect(rows.filter((row) => row.kind === 'enquiry').map((row) => row.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('leaves undated enquiries out of calendar feeds; their own event is a clear 409', async () => {
    const client = await createUser(t.database.db);
    const undated = (await enquire(client, withPackage())).json().booking._id as string;
    const dated = (await enquire(client, { planner: planner.id, eventDate: FUTURE, message: 'Dated' })).json()
      .booking._id as string;
    const feed = await injectAs(t, client, 'GET', '/api/calendar/feed');
    const body = (await t.app.inject({ url: new URL(feed.json().url).pathname })).body;
    expect(body).not.toContain(undated);
    expect(body).toContain(dated);
    expect(body).toContain(`DTSTART;VALUE=DATE:${FUTURE.replaceAll('-', '')}`);
    const single = await injectAs(t, client, 'GET', `/api/bookings/${undated}/ics`);
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toBe(MESSAGES.enquiries.noCalendarEvent);
  });

  it('lists undated enquiries on the bookings pages, but not in a range of days', async () => {
    const client = await createUser(t.database.db);
    const id = (await enquire(client, withPackage())).json().booking._id as string;
    const mine = await injectAs(t, client, 'GET', '/api/bookings/my');
    expect(mine.json().bookings.map((b: { _id: string }) => b._id)).toEqual([id]);
    const theirs = await injectAs(t, planner, 'GET', `/api/bookings/for-planner?with=${client.id}`);
    expect(theirs.json().bookings).toEqual([
      expect.objectContaining({ _id: id, kind: 'enquiry', eventDate: null }),
    ]);
    const ranged = await injectAs(
      t,
      client,
      'GET',
      `/api/bookings/my?from=${nairobiDayFromToday(0)}&to=${nairobiDayFromToday(365)}`,
    );
    expect(ranged.json().bookings).toEqual([]);
  });
});

describe('personal data', () => {
  it('lists enquiries in the export, undated ones with a null day', async () => {
    const client = await createUser(t.database.db);
    const id = (await enquire(client, withPackage({ guests: 80, budget: 120000 }))).json().booking._id;
    const response = await injectAs(t, client, 'GET', '/api/user/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.json().bookings).toEqual([
      expect.objectContaining({
        id,
        side: 'client',
        kind: 'enquiry',
        eventDate: null,
        guests: 80,
        budget: 120000,
        status: 'pending',
        packageTitle: 'Coast Wedding',
      }),
    ]);
  });

  it('lets a client with an open undated enquiry delete their account, the enquiry with it', async () => {
    const client = await createUser(t.database.db);
    const id = (await enquire(client, withPackage())).json().booking._id as string;
    const { TEST_PASSWORD } = await import('../../../test/factories');
    const response = await injectAs(t, client, 'DELETE', '/api/user/me', { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    // Without money, it goes with the account, chat and all.
    expect(await t.database.db.select().from(bookings).where(eq(bookings.id, id))).toEqual([]);
  });
});
