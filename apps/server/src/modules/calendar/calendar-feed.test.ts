import type { InjectOptions } from 'fastify';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import {
  createBookingRow,
  createPackage,
  createResetToken,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '../../../test/factories';

let client: TestUser;
let planner: TestUser;
let stranger: TestUser;
let ids: Record<'pending' | 'accepted' | 'rejected' | 'completed' | 'other' | 'asPlanner', string>;

const day = (n: number) => nairobiDayFromToday(n);

const t = useTestApp(() => ({ PUBLIC_URL: 'https://sherehe.example' }));
beforeAll(async () => {
  const db = t.database.db;
  client = await createUser(db, { role: 'client', username: 'Grace Njeri' });
  planner = await createUser(db, { role: 'planner', username: 'Wanjiru, Events; & Co' });
  stranger = await createUser(db, { role: 'client', username: 'Someone Else' });
  const title = (name: string) => `${name}: a long, festive title with commas; semicolons and 🎉 to fold`;
  const pkg = (name: string) =>
    createPackage(db, { plannerId: planner.id, title: title(name), location: 'Naivasha' });
  const [harusi, ruracio, birthday, gala, other] = await Promise.all(
    ['Harusi', 'Ruracio', 'Birthday', 'Gala', 'Other'].map(pkg),
  );
  const row = (
    packageId: string,
    status: 'pending' | 'accepted' | 'rejected' | 'completed',
    n: number,
    clientId = client.id,
  ) => createBookingRow(db, { clientId, packageId, plannerId: planner.id, status, eventDate: day(n) });
  ids = {
    pending: (await row(harusi!.id, 'pending', 20)).id,
    accepted: (await row(ruracio!.id, 'accepted', 21)).id,
    rejected: (await row(birthday!.id, 'rejected', 22)).id,
    completed: (await row(gala!.id, 'completed', -10)).id,
    other: (await row(other!.id, 'pending', 23, stranger.id)).id,
    // A booking of an admin's package (admins may offer packages): another planner's event.
    asPlanner: '',
  };
  const admin = await createUser(db, { role: 'admin', username: 'Admin Planner' });
  const adminPkg = await createPackage(db, { plannerId: admin.id, title: 'Admin Gala' });
  ids.asPlanner = (
    await createBookingRow(db, {
      clientId: client.id,
      packageId: adminPkg.id,
      plannerId: admin.id,
      eventDate: day(30),
    })
  ).id;
});

function call(user: TestUser | undefined, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(user?.headers ?? {}) } });
}

async function feedUrl(user: TestUser): Promise<string> {
  const response = await call(user, { method: 'GET', url: '/api/calendar/feed' });
  expect(response.statusCode).toBe(200);
  return response.json().url;
}

/** The path of a feed address, to fetch it with inject (no session: the address is the key). */
const pathOf = (url: string) => new URL(url).pathname;

function eventsOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      isDate: event.startDate.isDate,
      status: String(vevent.getFirstPropertyValue('status')),
      sequence: event.sequence,
      location: event.location,
    };
  });
}

describe('the calendar feed address', () => {
  it('is the same on every GET, absolute from PUBLIC_URL, and personal', async () => {
    const first = await call(client, { method: 'GET', url: '/api/calendar/feed' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toEqual({
      success: true,
      url: expect.stringMatching(/^https:\/\/sherehe\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/),
    });
    expect(await feedUrl(client)).toBe(first.json().url);
    expect(await feedUrl(planner)).not.toBe(first.json().url);
    expect((await call(undefined, { method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });

  it('is replaced by POST, and the old address stops at once', async () => {
    const old = await feedUrl(stranger);
    expect((await call(undefined, { method: 'GET', url: pathOf(old) })).statusCode).toBe(200);
    const replaced = await call(stranger, { method: 'POST', url: '/api/calendar/feed' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      success: true,
      url: expect.stringMatching(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/),
      message: 'Your calendar link was replaced. The old link no longer works.',
    });
    const fresh = replaced.json().url as string;
    expect(fresh).not.toBe(old);
    expect(await feedUrl(stranger)).toBe(fresh);
    const gone = await call(undefined, { method: 'GET', url: pathOf(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Calendar not found.' });
    expect((await call(undefined, { method: 'GET', url: pathOf(fresh) })).statusCode).toBe(200);
  });

  it('answers 404 for a token nobody has', async () => {
    for (const token of ['x'.repeat(43), 'not a token', 'feed', '..%2F..%2Fetc']) {
      const response = await call(undefined, { method: 'GET', url: `/api/calendar/${token}.ics` });
      expect(response.statusCode, token).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('GET /api/calendar/:token.ics', () => {
  it('is an RFC 5545 calendar of every booking of the user, with stable UIDs', async () => {
    const url = pathOf(await feedUrl(client));
    const response = await call(undefined, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const events = eventsOf(body);
    const byId = Object.fromEntries(events.map((event) => [event.uid.split('@')[0], event]));
    expect(Object.keys(byId).sort()).toEqual(
      [ids.pending, ids.accepted, ids.rejected, ids.completed, ids.asPlanner].sort(),
    );
    for (const event of events) {
      expect(event.uid).toMatch(/^[0-9a-f-]{36}@sherehe\.example$/);
      expect(event.isDate).toBe(true);
    }
    expect(byId[ids.pending]).toMatchObject({
      status: 'TENTATIVE',
      start: day(20),
      sequence: 0,
      location: 'Naivasha',
      summary:
        'Harusi: a long, festive title with commas; semicolons and 🎉 to fold with Wanjiru, Events; & Co',
    });
    expect(byId[ids.accepted]).toMatchObject({ status: 'CONFIRMED', start: day(21), sequence: 1 });
    expect(byId[ids.rejected]).toMatchObject({ status: 'CANCELLED', sequence: 2 });
    expect(byId[ids.completed]).toMatchObject({ status: 'CONFIRMED', start: day(-10) });
    expect(byId[ids.asPlanner]?.summary).toBe('Admin Gala with Admin Planner');

    // A second fetch: the same events under the same UIDs (calendars update, never duplicate).
    const again = await call(undefined, { method: 'GET', url });
    expect(eventsOf(again.body).map((event) => event.uid)).toEqual(events.map((event) => event.uid));
    expect(again.body).toBe(body);
  });

  it("shows the planner each event with the client's name", async () => {
    const events = eventsOf(
      (await call(undefined, { method: 'GET', url: pathOf(await feedUrl(planner)) })).body,
    );
    const ids5 = events.map((event) => event.uid.split('@')[0]);
    expect(ids5).toEqual(expect.arrayContaining([ids.pending, ids.other]));
    expect(ids5).not.toContain(ids.asPlanner);
    expect(events.find((event) => event.uid.startsWith(ids.other))?.summary).toMatch(/ with Someone Else$/);
  });

  it('marks a booking cancelled through the API as CANCELLED, under the same UID, with a higher SEQUENCE', async () => {
    const url = pathOf(await feedUrl(client));
    const before = eventsOf((await call(undefined, { method: 'GET', url })).body).find((event) =>
      event.uid.startsWith(ids.accepted),
    );
    const cancelled = await call(client, {
      method: 'PATCH',
      url: `/api/bookings/${ids.accepted}`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    const after = eventsOf((await call(undefined, { method: 'GET', url })).body).find((event) =>
      event.uid.startsWith(ids.accepted),
    );
    expect(after?.uid).toBe(before?.uid);
    expect(after?.status).toBe('CANCELLED');
    expect(after!.sequence).toBeGreaterThan(before!.sequence);
  });
});

describe('GET /api/bookings/:id/ics', () => {
  it("is one booking's event, for its client and its planner", async () => {
    for (const user of [client, planner]) {
      const response = await call(user, { method: 'GET', url: `/api/bookings/${ids.pending}/ics` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="sherehe-booking-${ids.pending}.ics"`,
      );
      const events = eventsOf(response.body);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        uid: `${ids.pending}@sherehe.example`,
        status: 'TENTATIVE',
        start: day(20),
      });
    }
  });

  it('is not found for anyone else, and needs a session', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    for (const user of [stranger, admin]) {
      const response = await call(user, { method: 'GET', url: `/api/bookings/${ids.pending}/ics` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Booking not found.');
    }
    expect((await call(client, { method: 'GET', url: '/api/bookings/nope/ics' })).statusCode).toBe(404);
    expect(
      (await call(undefined, { method: 'GET', url: `/api/bookings/${ids.pending}/ics` })).statusCode,
    ).toBe(401);
  });
});

describe('the language of feeds and .ics files', () => {
  /** A client in `locale` with one accepted booking of an English planner, with a feed address. */
  async function partyIn(locale: 'en' | 'sw') {
    const db = t.database.db;
    const owner = await createUser(db, { role: 'client', locale, username: `Mteja ${locale}` });
    const host = await createUser(db, { role: 'planner', username: 'Baraka Events' });
    const pkg = await createPackage(db, { plannerId: host.id, title: 'Ruracio' });
    const booking = await createBookingRow(db, {
      clientId: owner.id,
      packageId: pkg.id,
      plannerId: host.id,
      status: 'accepted',
      eventDate: day(25),
    });
    return { owner, bookingId: booking.id, feed: pathOf(await feedUrl(owner)) };
  }

  function calendarOf(body: string) {
    const calendar = new ICAL.Component(ICAL.parse(body));
    const [vevent] = calendar.getAllSubcomponents('vevent');
    return {
      name: calendar.getFirstPropertyValue('x-wr-calname'),
      summary: String(vevent?.getFirstPropertyValue('summary')),
      description: String(vevent?.getFirstPropertyValue('description')),
      start: String(vevent?.getFirstPropertyValue('dtstart')),
    };
  }

  /** The feed at `feed`, fetched as a calendar app would (no cookie) with these Accept-Language headers. */
  async function feedAsCalendarApp(feed: string, acceptLanguage: string) {
    const response = await call(undefined, {
      method: 'GET',
      url: feed,
      headers: { 'accept-language': acceptLanguage },
    });
    return calendarOf(response.body);
  }

  it("is the owner's for a feed (a calendar app sends no language), and stays a bare date", async () => {
    // The feed of a Kiswahili user, fetched as a calendar app would: no cookie, English headers.
    expect(await feedAsCalendarApp((await partyIn('sw')).feed, 'en')).toEqual({
      name: 'Nafasi za Sherehe',
      summary: 'Ruracio na Baraka Events',
      description: 'Nafasi ya Sherehe, imekubaliwa. https://sherehe.example/dashboard/bookings',
      start: day(25),
    });

    expect(await feedAsCalendarApp((await partyIn('en')).feed, 'sw')).toEqual({
      name: 'Sherehe bookings',
      summary: 'Ruracio with Baraka Events',
      description: 'Sherehe booking, accepted. https://sherehe.example/dashboard/bookings',
      start: day(25),
    });
  });

  it("is the signed-in user's for one booking's .ics", async () => {
    for (const [locale, summary, description] of [
      ['sw', 'Ruracio na Baraka Events', /^Nafasi ya Sherehe, imekubaliwa\. /],
      ['en', 'Ruracio with Baraka Events', /^Sherehe booking, accepted\. /],
    ] as const) {
      const { owner, bookingId } = await partyIn(locale);
      const response = await call(owner, { method: 'GET', url: `/api/bookings/${bookingId}/ics` });
      expect(response.statusCode).toBe(200);
      const event = calendarOf(response.body);
      expect(event.summary, locale).toBe(summary);
      expect(event.description, locale).toMatch(description);
      expect(event.start).toBe(day(25));
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes every calendar and availability call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/planners/{id}/availability'])).toEqual(['get']);
    expect(
      doc.paths['/api/planners/{id}/availability'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['id', 'from', 'to']));
    expect(Object.keys(doc.paths['/api/availability/blocks']).sort()).toEqual(['get', 'post']);
    expect(
      doc.paths['/api/availability/blocks'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('date');
    expect(doc.paths['/api/availability/blocks/{date}']).toHaveProperty('delete');
    expect(Object.keys(doc.paths['/api/calendar/feed']).sort()).toEqual(['get', 'post']);
    expect(
      doc.paths['/api/calendar/feed'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('url');
    for (const path of ['/api/calendar/{token}.ics', '/api/bookings/{id}/ics']) {
      expect(doc.paths[path].get.responses['200'].content).toHaveProperty(['text/calendar; charset=utf-8']);
    }
    expect(doc.components.schemas.User.properties).toHaveProperty('eventsPerDay');
  });
});

describe('the feed address after a password reset or a role change', () => {
  /** Signs `user` in again (their sessions ended) and asks for their feed address. */
  async function signInFeed(user: TestUser, password: string): Promise<string> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
    return feedUrl({ ...user, headers: { authorization: `Bearer ${login.json().token}` } });
  }

  it('is replaced by a password reset: the old address stops at once', async () => {
    const user = await createUser(t.database.db, { role: 'client' });
    const before = await feedUrl(user);
    expect((await call(undefined, { method: 'GET', url: pathOf(before) })).statusCode).toBe(200);
    const token = await createResetToken(t.database.db, user.id);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(undefined, { method: 'GET', url: pathOf(before) })).statusCode).toBe(404);
    const after = await signInFeed(user, 'a-brand-new-password');
    expect(after).not.toBe(before);
    expect((await call(undefined, { method: 'GET', url: pathOf(after) })).statusCode).toBe(200);
  });

  it('is replaced by a role change: the old address stops at once', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const user = await createUser(t.database.db, { role: 'client' });
    const before = await feedUrl(user);
    const changed = await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/role`, { role: 'planner' });
    expect(changed.statusCode).toBe(200);
    expect((await call(undefined, { method: 'GET', url: pathOf(before) })).statusCode).toBe(404);
    const after = await signInFeed(user, TEST_PASSWORD);
    expect(after).not.toBe(before);
    expect((await call(undefined, { method: 'GET', url: pathOf(after) })).statusCode).toBe(200);
  });
});
