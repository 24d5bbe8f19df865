import { MESSAGES } from '@sherehe/shared/messages';
import { and, between, count, eq, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useStarted, useTestApp } from '../../../test/build-app';
import { addDays, nairobiDayFromToday } from '../../../test/dates';
import {
  createBookingRow,
  createBookingRowOf,
  createPackage,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { startSmtpServer } from '../../../test/smtp';
import { availabilityBlocks, bookings, users } from '../../db/schema';

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

const NOT_AVAILABLE = 'This planner is not available on that date.';

function call(user: TestUser | undefined, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(user?.headers ?? {}) } });
}

/** A planner with a package, and a client on a plan without a monthly limit. */
/** How many blocked days match `where`. */
async function blockCount(where: SQL | undefined) {
  const [row] = await t.database.db.select({ n: count() }).from(availabilityBlocks).where(where);
  return row?.n;
}

async function plannerWithPackage(eventsPerDay?: number) {
  const db = t.database.db;
  const planner = await createUser(db, { role: 'planner' });
  if (eventsPerDay !== undefined)
    await db.update(users).set({ eventsPerDay }).where(eq(users.id, planner.id));
  const pkg = await createPackage(db, { plannerId: planner.id, title: `Harusi ${planner.username}` });
  return { planner, pkg };
}

const newClient = () => createUser(t.database.db, { role: 'client', planId: 'enterprise' });

async function statusOf(id: string) {
  const [row] = await t.database.db
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row?.status;
}

function availability(plannerId: string, from: string, to: string) {
  return call(undefined, {
    method: 'GET',
    url: `/api/planners/${plannerId}/availability?from=${from}&to=${to}`,
  });
}

describe('eventsPerDay on the profile', () => {
  it('is one for a planner who never set it, shown on their own account only', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await newClient();
    const own = await call(planner, { method: 'GET', url: '/api/user/data' });
    expect(own.json().userData.eventsPerDay).toBe(1);
    expect((await call(client, { method: 'GET', url: '/api/user/data' })).json().userData).not.toHaveProperty(
      'eventsPerDay',
    );
    const publicProfile = await call(undefined, { method: 'GET', url: `/api/user/profile/${planner.id}` });
    expect(publicProfile.json().profile).not.toHaveProperty('eventsPerDay');
  });

  it('is changed through the profile update, and kept', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const response = await call(planner, {
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { eventsPerDay: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.eventsPerDay).toBe(3);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, planner.id));
    expect(row?.eventsPerDay).toBe(3);
  });

  it('must be a whole number from 1 to 20', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    for (const eventsPerDay of [0, 21, 2.5, '2', null, -1]) {
      const response = await call(planner, {
        method: 'PATCH',
        url: '/api/user/profile',
        payload: { eventsPerDay },
      });
      expect(response.statusCode, String(eventsPerDay)).toBe(400);
      expect(response.json().errors).toContainEqual({
        path: 'eventsPerDay',
        message: 'Events per day must be a whole number from 1 to 20.',
      });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, planner.id));
    expect(row?.eventsPerDay).toBe(1);
  });

  it('is ignored for a client, who takes no events', async () => {
    const client = await newClient();
    const response = await call(client, {
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { eventsPerDay: 5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).not.toHaveProperty('eventsPerDay');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(row?.eventsPerDay).toBe(1);
  });
});

describe('blocked days', () => {
  it('are added with a note, listed for their planner only, and removed', async () => {
    const { planner } = await plannerWithPackage();
    const other = await createUser(t.database.db, { role: 'planner' });
    const day = nairobiDayFromToday(40);
    const added = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: day, note: '  Family wedding upcountry  ' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      success: true,
      message: MESSAGES.calendar.dayBlocked,
      block: { date: day, note: 'Family wedding upcountry', createdAt: expect.any(String) },
      blocks: [{ date: day, note: 'Family wedding upcountry', createdAt: expect.any(String) }],
    });
    await call(other, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: addDays(day, 1) },
    });

    const listed = await call(planner, { method: 'GET', url: '/api/availability/blocks' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().blocks).toEqual([
      { date: day, note: 'Family wedding upcountry', createdAt: expect.any(String) },
    ]);
    expect(listed.headers['cache-control']).toBe('private, no-store');

    const again = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: day },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('That day is already blocked.');

    const removed = await call(planner, { method: 'DELETE', url: `/api/availability/blocks/${day}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Day unblocked.', dates: [day] });
    expect((await call(planner, { method: 'GET', url: '/api/availability/blocks' })).json().blocks).toEqual(
      [],
    );
    const gone = await call(planner, { method: 'DELETE', url: `/api/availability/blocks/${day}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('That day is not blocked.');
  });

  it('refuse a day in the past, a day that is not one, a long note, and people who take no events', async () => {
    const { planner } = await plannerWithPackage();
    const client = await newClient();
    for (const [payload, message] of [
      [{ date: nairobiDayFromToday(-1) }, 'A day in the past cannot be blocked.'],
      [{ date: '2026-02-30' }, 'Use a date written as YYYY-MM-DD.'],
      [{ date: nairobiDayFromToday(3 * 366 + 5) }, 'That day is too far ahead to block.'],
      [{ date: nairobiDayFromToday(5), note: 'x'.repeat(201) }, 'The note must be at most 200 characters.'],
    ] as const) {
      const response = await call(planner, { method: 'POST', url: '/api/availability/blocks', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors?.[0]?.message ?? response.json().message).toBe(message);
    }
    const bad = await call(planner, { method: 'DELETE', url: '/api/availability/blocks/tomorrow' });
    expect(bad.statusCode).toBe(400);
    const byClient = await call(client, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: nairobiDayFromToday(5) },
    });
    expect(byClient.statusCode).toBe(403);
    expect((await call(undefined, { method: 'GET', url: '/api/availability/blocks' })).statusCode).toBe(401);
    expect(await blockCount(eq(availabilityBlocks.plannerId, planner.id))).toBe(0);
  });

  it('may block a day that already has an accepted event, which stays accepted', async () => {
    const { planner, pkg } = await plannerWithPackage();
    const client = await newClient();
    const day = nairobiDayFromToday(41);
    const accepted = await createBookingRowOf(t.database.db, pkg, {
      clientId: client.id,
      status: 'accepted',
      eventDate: day,
    });
    const response = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: day },
    });
    expect(response.statusCode).toBe(201);
    expect(await statusOf(accepted.id)).toBe('accepted');
  });
});

async function blockedDaysOf(plannerId: string) {
  const rows = await t.database.db
    .select({ day: availabilityBlocks.day, note: availabilityBlocks.note })
    .from(availabilityBlocks)
    .where(eq(availabilityBlocks.plannerId, plannerId))
    .orderBy(availabilityBlocks.day);
  return rows;
}

describe('blocking a range of days', () => {
  it('blocks every day from date to to in one call, keeping days blocked before, and unblocks them likewise', async () => {
    const { planner } = await plannerWithPackage();
    const first = nairobiDayFromToday(60);
    const last = addDays(first, 2);
    // The middle day was blocked before, with its own note: it stays as it was.
    await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: addDays(first, 1), note: 'Earlier' },
    });
    const added = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: first, to: last, note: 'Leave' },
    });
    expect(added.statusCode).toBe(201);
    const body = added.json();
    expect(body.message).toBe('3 days blocked. No new requests can be made for them.');
    expect(body.block).toMatchObject({ date: first, note: 'Leave' });
    expect(body.blocks.map((block: { date: string; note: string }) => [block.date, block.note])).toEqual([
      [first, 'Leave'],
      [addDays(first, 1), 'Earlier'],
      [last, 'Leave'],
    ]);
    expect(await blockedDaysOf(planner.id)).toEqual([
      { day: first, note: 'Leave' },
      { day: addDays(first, 1), note: 'Earlier' },
      { day: last, note: 'Leave' },
    ]);
    // The public calendar shows the three days as not available.
    const days = await availability(planner.id, first, addDays(last, 1));
    expect(days.json().unavailable).toEqual([first, addDays(first, 1), last]);
    // Asked again, the same range changes nothing and still answers its days.
    const again = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: first, to: last },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().blocks).toHaveLength(3);

    // Unblocking a wider range removes the blocked days inside it, and only those.
    const outside = addDays(last, 10);
    await call(planner, { method: 'POST', url: '/api/availability/blocks', payload: { date: outside } });
    const removed = await call(planner, {
      method: 'DELETE',
      url: `/api/availability/blocks/${addDays(first, -1)}?to=${addDays(last, 1)}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      success: true,
      message: '3 days unblocked.',
      dates: [first, addDays(first, 1), last],
    });
    expect(await blockedDaysOf(planner.id)).toEqual([{ day: outside, note: '' }]);
    const none = await call(planner, {
      method: 'DELETE',
      url: `/api/availability/blocks/${first}?to=${last}`,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('None of those days is blocked.');
  });

  it('refuses a bad range with 400 and blocks nothing, in English and in Kiswahili', async () => {
    const { planner } = await plannerWithPackage();
    const start = nairobiDayFromToday(30);
    for (const [payload, message] of [
      [{ date: start, to: addDays(start, -1) }, 'The last day must be the same as or after the first day.'],
      [{ date: start, to: addDays(start, 92) }, 'Block or unblock at most 92 days at a time.'],
      [{ date: nairobiDayFromToday(-1), to: start }, 'A day in the past cannot be blocked.'],
      // The first day within the three years ahead a day may be booked, the last beyond them.
      [
        { date: nairobiDayFromToday(1090), to: nairobiDayFromToday(1100) },
        'That day is too far ahead to block.',
      ],
      [{ date: start, to: '2026-02-30' }, 'Use a date written as YYYY-MM-DD.'],
    ] as const) {
      const response = await call(planner, { method: 'POST', url: '/api/availability/blocks', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    const swahili = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      headers: { cookie: 'lang=sw' },
      payload: { date: start, to: addDays(start, -1) },
    });
    expect(swahili.statusCode).toBe(400);
    expect(swahili.json().message).toBe('Siku ya mwisho lazima iwe siku ile ile ya kwanza au baada yake.');
    const tooLong = await call(planner, {
      method: 'DELETE',
      url: `/api/availability/blocks/${start}?to=${addDays(start, 92)}`,
      headers: { cookie: 'lang=sw' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Funga au fungua siku zisizozidi 92 kwa wakati mmoja.');
    // 92 days together is allowed.
    const longest = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: start, to: addDays(start, 91) },
    });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().blocks).toHaveLength(92);
    const unblocked = await call(planner, {
      method: 'DELETE',
      url: `/api/availability/blocks/${start}?to=${addDays(start, 91)}`,
    });
    expect(unblocked.json().dates).toHaveLength(92);
    expect(await blockedDaysOf(planner.id)).toEqual([]);
  });

  it('is refused to people who take no events, and to strangers', async () => {
    const client = await newClient();
    const start = nairobiDayFromToday(30);
    const byClient = await call(client, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: start, to: addDays(start, 2) },
    });
    expect(byClient.statusCode).toBe(403);
    const unblockByClient = await call(client, {
      method: 'DELETE',
      url: `/api/availability/blocks/${start}?to=${addDays(start, 2)}`,
    });
    expect(unblockByClient.statusCode).toBe(403);
    const byGuest = await call(undefined, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: start, to: addDays(start, 2) },
    });
    expect(byGuest.statusCode).toBe(401);
    expect(await blockCount(between(availabilityBlocks.day, start, addDays(start, 2)))).toBe(0);
  });

  it('blocks days with accepted events, which stay accepted, as a single day does', async () => {
    const { planner, pkg } = await plannerWithPackage();
    const client = await newClient();
    const start = nairobiDayFromToday(70);
    const accepted = await createBookingRowOf(t.database.db, pkg, {
      clientId: client.id,
      status: 'accepted',
      eventDate: addDays(start, 1),
    });
    const response = await call(planner, {
      method: 'POST',
      url: '/api/availability/blocks',
      payload: { date: start, to: addDays(start, 2) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().blocks).toHaveLength(3);
    expect(await statusOf(accepted.id)).toBe('accepted');
  });
});

describe('GET /api/planners/:id/availability', () => {
  it('answers the blocked and the full days of the range, nothing about why', async () => {
    const { planner, pkg } = await plannerWithPackage(2);
    const db = t.database.db;
    const start = nairobiDayFromToday(50);
    const day = (n: number) => addDays(start, n);
    const clients = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newClient()));
    const row = (
      n: number,
      status: 'pending' | 'accepted' | 'completed' | 'cancelled' | 'rejected',
      c: number,
    ) =>
      createBookingRowOf(db, pkg, {
        clientId: clients[c]!.id,
        eventDate: day(n),
        status,
      });
    // Day 1: two accepted (full at two a day). Day 2: one accepted and a completed one (full).
    // Day 3: one accepted and two pending (not full). Day 4: cancelled and rejected only (free).
    await row(1, 'accepted', 0);
    await row(1, 'accepted', 1);
    await row(2, 'accepted', 2);
    await row(2, 'completed', 3);
    await row(3, 'accepted', 4);
    await row(3, 'pending', 5);
    await row(4, 'cancelled', 0);
    await row(4, 'rejected', 1);
    await db.insert(availabilityBlocks).values([
      { plannerId: planner.id, day: day(5), note: 'Secret reason' },
      { plannerId: planner.id, day: day(40), note: 'Out of range' },
    ]);
    // Another planner's full day is not this planner's.
    const other = await plannerWithPackage();
    await createBookingRowOf(db, other.pkg, {
      clientId: clients[0]!.id,
      eventDate: day(6),
      status: 'accepted',
    });

    const response = await availability(planner.id, start, day(10));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, unavailable: [day(1), day(2), day(5)] });
    expect(response.body).not.toContain('Secret reason');

    await db.update(users).set({ eventsPerDay: 1 }).where(eq(users.id, planner.id));
    expect((await availability(planner.id, start, day(10))).json().unavailable).toEqual([
      day(1),
      day(2),
      day(3),
      day(5),
    ]);
    expect((await availability(planner.id, day(2), day(2))).json().unavailable).toEqual([day(2)]);
  });

  it('answers a range of at most 366 days, from on or before to', async () => {
    const { planner } = await plannerWithPackage();
    const from = nairobiDayFromToday(1);
    expect((await availability(planner.id, from, addDays(from, 365))).statusCode).toBe(200);
    const tooLong = await availability(planner.id, from, addDays(from, 366));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toContainEqual({
      path: 'to',
      message: 'Ask for at most 366 days at a time.',
    });
    const backwards = await availability(planner.id, addDays(from, 2), from);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      path: 'to',
      message: 'The "To" date must be the same as or after the "From" date.',
    });
    for (const url of [
      `/api/planners/${planner.id}/availability`,
      `/api/planners/${planner.id}/availability?from=${from}`,
      `/api/planners/${planner.id}/availability?from=2026-13-01&to=${from}`,
      `/api/planners/${planner.id}/availability?from=${from}&to=soon`,
    ]) {
      const response = await call(undefined, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('knows only people who may offer packages', async () => {
    const client = await newClient();
    const from = nairobiDayFromToday(1);
    for (const id of [client.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await availability(id, from, from);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('Planner not found.');
    }
  });
});

describe('booking a blocked or full day', () => {
  function book(client: TestUser, pkg: { id: string; plannerId: string }, day: string) {
    return call(client, {
      method: 'POST',
      url: '/api/bookings/create',
      payload: { package: pkg.id, planner: pkg.plannerId, date: day },
    });
  }

  async function bookingsOn(plannerId: string, day: string) {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.plannerId, plannerId), eq(bookings.eventDate, day)));
    return row?.n ?? 0;
  }

  it('is refused with 409 and nothing is written; a day with requests only may still be asked for', async () => {
    const { planner, pkg } = await plannerWithPackage();
    const other = await createPackage(t.database.db, { plannerId: planner.id });
    const blocked = nairobiDayFromToday(60);
    const full = nairobiDayFromToday(61);
    const requested = nairobiDayFromToday(62);
    await call(planner, { method: 'POST', url: '/api/availability/blocks', payload: { date: blocked } });
    await createBookingRow(t.database.db, {
      clientId: (await newClient()).id,
      packageId: other.id,
      plannerId: planner.id,
      eventDate: full,
      status: 'accepted',
    });
    await createBookingRow(t.database.db, {
      clientId: (await newClient()).id,
      packageId: other.id,
      plannerId: planner.id,
      eventDate: requested,
    });
    const client = await newClient();
    for (const day of [blocked, full]) {
      const before = await bookingsOn(planner.id, day);
      const response = await book(client, pkg, day);
      expect(response.statusCode, day).toBe(409);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        reason: 'DAY_UNAVAILABLE',
        message: NOT_AVAILABLE,
      });
      expect(await bookingsOn(planner.id, day)).toBe(before);
    }
    // Midnight UTC of the day, as the specification's clients send it, is the same day.
    expect((await book(client, pkg, `${blocked}T00:00:00.000Z`)).statusCode).toBe(409);
    expect((await book(client, pkg, requested)).statusCode).toBe(201);
    // Another 409 of a request is not about the day: no reason, so a form shows it as a whole.
    const again = await book(client, pkg, requested);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have an open booking for this package.');
    expect(again.json()).not.toHaveProperty('reason');
  });
});

describe('accepting a request', () => {
  function accept(user: TestUser, id: string) {
    return call(user, { method: 'PATCH', url: `/api/bookings/${id}`, payload: { status: 'accepted' } });
  }

  it('that would overfill its day, or on a blocked day, is refused with 409 and changes nothing', async () => {
    const { planner, pkg } = await plannerWithPackage();
    const db = t.database.db;
    const full = nairobiDayFromToday(70);
    const blocked = nairobiDayFromToday(71);
    await createBookingRowOf(db, pkg, {
      clientId: (await newClient()).id,
      eventDate: full,
      status: 'accepted',
    });
    // A request made before the day filled up (or was blocked) by some other way in.
    const lateClient = await newClient();
    const late = await createBookingRowOf(db, pkg, {
      clientId: lateClient.id,
      eventDate: full,
    });
    const onBlocked = await createBookingRowOf(db, pkg, {
      clientId: (await newClient()).id,
      eventDate: blocked,
    });
    await db.insert(availabilityBlocks).values({ plannerId: planner.id, day: blocked });
    for (const id of [late.id, onBlocked.id]) {
      const response = await accept(planner, id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: NOT_AVAILABLE, reason: 'DAY_UNAVAILABLE' });
      expect(await statusOf(id)).toBe('pending');
    }
    // Its client may not accept it in any case: the transition table says so first.
    const byClient = await accept(lateClient, late.id);
    expect(byClient.statusCode).toBe(409);
    expect(byClient.json().message).toBe('A pending booking cannot be accepted.');
    // Rejecting them is still possible.
    const rejected = await call(planner, {
      method: 'PATCH',
      url: `/api/bookings/${late.id}`,
      payload: { status: 'rejected' },
    });
    expect(rejected.statusCode).toBe(200);
  });

  it('that fills the day declines the other requests for it and tells their clients by email', async () => {
    const { planner, pkg } = await plannerWithPackage(2);
    const db = t.database.db;
    const day = nairobiDayFromToday(80);
    const clients = await Promise.all([0, 1, 2, 3].map(() => newClient()));
    const requests = await Promise.all(
      clients.map((client) =>
        createBookingRowOf(db, pkg, {
          clientId: client.id,
          eventDate: day,
        }),
      ),
    );
    // Another day of the same planner and another planner's request the same day are not touched.
    const otherDay = await createBookingRowOf(db, pkg, {
      clientId: (await newClient()).id,
      eventDate: addDays(day, 1),
    });
    const elsewhere = await plannerWithPackage();
    const otherPlanners = await createBookingRow(db, {
      clientId: clients[0]!.id,
      packageId: elsewhere.pkg.id,
      plannerId: elsewhere.planner.id,
      eventDate: day,
    });

    // The first of two places: nothing else changes.
    expect((await accept(planner, requests[0]!.id)).statusCode).toBe(200);
    expect(await Promise.all(requests.map((r) => statusOf(r.id)))).toEqual([
      'accepted',
      'pending',
      'pending',
      'pending',
    ]);
    // The last place: the day's two other requests are declined in the same change.
    const response = await accept(planner, requests[1]!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().booking.status).toBe('accepted');
    expect(await Promise.all(requests.map((r) => statusOf(r.id)))).toEqual([
      'accepted',
      'accepted',
      'rejected',
      'rejected',
    ]);
    expect(await statusOf(otherDay.id)).toBe('pending');
    expect(await statusOf(otherPlanners.id)).toBe('pending');
    for (const client of clients.slice(2)) {
      const mail = await smtp.waitFor(client.email, new RegExp(`Booking request declined: ${pkg.title}`));
      expect(mail.raw).toContain('fully booked that day');
    }
    await smtp.waitFor(clients[1]!.email, /is accepted/);
    expect(
      smtp.received.filter((mail) => mail.to.includes(clients[0]!.email) && /declined/.test(mail.subject)),
    ).toEqual([]);
    // A declined request cannot be accepted: its day is full.
    const late = await accept(planner, requests[2]!.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(NOT_AVAILABLE);
    expect(await statusOf(requests[2]!.id)).toBe('rejected');
  });
});
