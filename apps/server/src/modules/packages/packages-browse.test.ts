// Browsing the catalogue by day and by rating: `date` shows only packages whose planner can take a
// new event that day, exactly as a booking request for it would find them; `minRating` and
// `sort=rating` read the average as the cards show it.

import { latestBookableDay } from '@sherehe/shared/booking-dates';
import type { BookingStatus } from '@sherehe/shared/booking-status';
import { todayInNairobi } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope } from '../../../test/assertions';
import { injectAs, useTestApp } from '../../../test/build-app';
import { addDays, nairobiDayFromToday } from '../../../test/dates';
import {
  createBookingRowOf,
  createCategory,
  createPackage,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { packages, users } from '../../db/schema';

const t = useTestApp();

/** The day every case below is about, and the next one. */
const DAY = nairobiDayFromToday(20);
const NEXT_DAY = addDays(DAY, 1);

interface Case {
  title: string;
  /** Whether the planner can take a new event on DAY. */
  free: boolean;
  eventsPerDay?: number;
  /** Bookings of the planner on DAY (or on `day`), by status. */
  bookings?: { status: BookingStatus; day?: string }[];
  /** Blocked by the planner through the API. */
  blocked?: string;
}

/** Planners and what their day holds, one package each. */
const CASES: Case[] = [
  { title: 'Free Planner Package', free: true },
  { title: 'Blocked Day Package', free: false, blocked: DAY },
  { title: 'Blocked Next Day Package', free: true, blocked: NEXT_DAY },
  { title: 'Full Day Package', free: false, bookings: [{ status: 'accepted' }] },
  { title: 'Completed Day Package', free: false, bookings: [{ status: 'completed' }] },
  {
    title: 'Two A Day Half Full Package',
    free: true,
    eventsPerDay: 2,
    bookings: [{ status: 'accepted' }, { status: 'pending' }],
  },
  {
    title: 'Two A Day Full Package',
    free: false,
    eventsPerDay: 2,
    bookings: [{ status: 'accepted' }, { status: 'completed' }],
  },
  // Requests and bookings that ended take no place.
  {
    title: 'Only Requests Package',
    free: true,
    bookings: [{ status: 'pending' }, { status: 'rejected' }, { status: 'cancelled' }],
  },
  { title: 'Booked Next Day Package', free: true, bookings: [{ status: 'accepted', day: NEXT_DAY }] },
];

const packageIds = new Map<string, string>();
const plannerOf = new Map<string, TestUser>();
let category: string;

beforeAll(async () => {
  const db = t.database.db;
  category = (await createCategory(db, 'Weddings')).id;
  const start = Date.now() - 3_600_000;
  for (const [index, item] of CASES.entries()) {
    const planner = await createUser(db, { role: 'planner', username: `Planner ${index + 1}` });
    if (item.eventsPerDay)
      await db.update(users).set({ eventsPerDay: item.eventsPerDay }).where(eq(users.id, planner.id));
    const pkg = await createPackage(db, {
      plannerId: planner.id,
      categoryId: category,
      title: item.title,
      createdAt: new Date(start + index * 60_000),
    });
    packageIds.set(item.title, pkg.id);
    plannerOf.set(item.title, planner);
    for (const booking of item.bookings ?? []) {
      // A client has one open booking of a package at most: one client each.
      await createBookingRowOf(db, pkg, {
        clientId: (await createUser(db, { role: 'client' })).id,
        status: booking.status,
        eventDate: booking.day ?? DAY,
      });
    }
    if (item.blocked) {
      const blocked = await injectAs(t, planner, 'POST', '/api/availability/blocks', { date: item.blocked });
      expect(blocked.statusCode, blocked.body).toBe(201);
    }
  }
});

async function titlesFor(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/packages?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { title: string }[]; total?: number };
  return { titles: body.data.map((p) => p.title), total: body.total };
}

const freeTitles = CASES.filter((item) => item.free).map((item) => item.title);

describe('GET /api/packages?date=', () => {
  it('shows only the packages whose planner is free that day: not blocked, not full', async () => {
    const all = await titlesFor('limit=50&page=1');
    expect(all.titles).toHaveLength(CASES.length);
    const free = await titlesFor(`date=${DAY}&limit=50&page=1`);
    expect(new Set(free.titles)).toEqual(new Set(freeTitles));
    expect(free.total).toBe(freeTitles.length);
    // Unpaged, by category (a prepared statement), by words, sorted: the same rule.
    expect(new Set((await titlesFor(`date=${DAY}`)).titles)).toEqual(new Set(freeTitles));
    expect(new Set((await titlesFor(`date=${DAY}&category=${category}&page=1&limit=50`)).titles)).toEqual(
      new Set(freeTitles),
    );
    expect((await titlesFor(`date=${DAY}&q=package&sort=price_asc&page=1&limit=50`)).titles.sort()).toEqual(
      [...freeTitles].sort(),
    );
    // Another planner's package is unaffected: a planner filter with the day.
    const fullPlanner = plannerOf.get('Full Day Package') as TestUser;
    expect((await titlesFor(`date=${DAY}&planner=${fullPlanner.id}`)).titles).toEqual([]);
    expect((await titlesFor(`date=${NEXT_DAY}&planner=${fullPlanner.id}`)).titles).toEqual([
      'Full Day Package',
    ]);
  });

  it('agrees with the booking request: each package shown is bookable that day, each hidden one refused', async () => {
    const shown = new Set((await titlesFor(`date=${DAY}&limit=50&page=1`)).titles);
    for (const item of CASES) {
      const client = await createUser(t.database.db, { role: 'client', planId: 'enterprise' });
      const planner = plannerOf.get(item.title) as TestUser;
      const request = await injectAs(t, client, 'POST', '/api/bookings/create', {
        package: packageIds.get(item.title),
        planner: planner.id,
        date: DAY,
        message: 'Is the day free?',
      });
      expect(request.statusCode, `${item.title}: ${request.body}`).toBe(shown.has(item.title) ? 201 : 409);
    }
    // The requests made are pending: they took no place, so the same packages are free.
    expect(new Set((await titlesFor(`date=${DAY}&limit=50&page=1`)).titles)).toEqual(shown);
  });

  it('follows the planner’s calendar at once: a block hides, an unblock shows again', async () => {
    const planner = plannerOf.get('Free Planner Package') as TestUser;
    const day = nairobiDayFromToday(30);
    const query = `date=${day}&planner=${planner.id}`;
    expect((await titlesFor(query)).titles).toEqual(['Free Planner Package']);
    const block = await injectAs(t, planner, 'POST', '/api/availability/blocks', { date: day });
    expect(block.statusCode, block.body).toBe(201);
    expect((await titlesFor(query)).titles).toEqual([]);
    const unblock = await injectAs(t, planner, 'DELETE', `/api/availability/blocks/${day}`);
    expect(unblock.statusCode, unblock.body).toBe(200);
    expect((await titlesFor(query)).titles).toEqual(['Free Planner Package']);
  });

  it('takes today and the last bookable day', async () => {
    const today = todayInNairobi();
    expect((await titlesFor(`date=${today}`)).titles).toHaveLength(CASES.length);
    expect((await titlesFor(`date=${latestBookableDay(today)}`)).titles).toHaveLength(CASES.length);
  });

  it('refuses a day that is not one, a past day and a day beyond the booking horizon (400)', async () => {
    const today = todayInNairobi();
    const refusals: [string, string][] = [
      ['2026-02-30', MESSAGES.calendar.dayInvalid],
      ['tomorrow', MESSAGES.calendar.dayInvalid],
      ['', MESSAGES.calendar.dayInvalid],
      [addDays(today, -1), MESSAGES.packages.freeOnPast],
      [addDays(latestBookableDay(today), 1), MESSAGES.packages.freeOnTooFar],
    ];
    for (const [day, message] of refusals) {
      const response = await t.app.inject({ method: 'GET', url: `/api/packages?date=${day}&page=1&limit=6` });
      expect(response.statusCode, day).toBe(400);
      const body = response.json();
      expectErrorEnvelope(body, 400);
      expect(body.message, day).toBe(message);
      expect(body.errors, day).toEqual([expect.objectContaining({ path: 'date', message })]);
    }
  });
});

describe('GET /api/packages?minRating= and sort=rating', () => {
  /** Ratings as stored (two decimals) and counted, set behind the API. */
  const RATINGS: Record<string, [number, number]> = {
    'Free Planner Package': [4.5, 2],
    'Blocked Day Package': [5, 1],
    'Blocked Next Day Package': [3.95, 20],
    'Full Day Package': [3.94, 40],
    'Completed Day Package': [4.5, 9],
    'Two A Day Half Full Package': [2, 3],
  };

  beforeAll(async () => {
    for (const [title, [ratingAvg, ratingCount]] of Object.entries(RATINGS)) {
      await t.database.db
        .update(packages)
        .set({ ratingAvg, ratingCount })
        .where(eq(packages.id, packageIds.get(title) as string));
    }
  });

  it('keeps the packages whose average, as shown with one decimal, is at least the rating', async () => {
    // 3.95 shows as 4.0 and counts as 4; 3.94 shows as 3.9.
    const four = await titlesFor('minRating=4&sort=rating&page=1&limit=50');
    expect(four.titles).toEqual([
      'Blocked Day Package',
      'Completed Day Package',
      'Free Planner Package',
      'Blocked Next Day Package',
    ]);
    expect(four.total).toBe(4);
    const cards = await t.app.inject({ method: 'GET', url: '/api/packages?minRating=4&sort=rating' });
    expect(cards.json().data.map((p: { rating: unknown }) => p.rating)).toEqual([
      { average: 5, count: 1 },
      { average: 4.5, count: 9 },
      { average: 4.5, count: 2 },
      { average: 4, count: 20 },
    ]);
    expect((await titlesFor('minRating=5')).titles).toEqual(['Blocked Day Package']);
    expect((await titlesFor('minRating=1&page=1&limit=50')).total).toBe(Object.keys(RATINGS).length);
  });

  it('sorts by average, then by number of reviews, with the day and rating filters', async () => {
    const sorted = await titlesFor(`sort=rating&date=${DAY}&minRating=2&page=1&limit=50`);
    expect(sorted.titles).toEqual([
      'Free Planner Package',
      'Blocked Next Day Package',
      'Two A Day Half Full Package',
    ]);
    expect(sorted.total).toBe(3);
    // Without filters: every package, the unrated last (newest first among them).
    const all = (await titlesFor('sort=rating&page=1&limit=50')).titles;
    expect(all.slice(0, 6)).toEqual([
      'Blocked Day Package',
      'Completed Day Package',
      'Free Planner Package',
      'Blocked Next Day Package',
      'Full Day Package',
      'Two A Day Half Full Package',
    ]);
    expect(all.slice(6)).toEqual([
      'Booked Next Day Package',
      'Only Requests Package',
      'Two A Day Full Package',
    ]);
  });

  it('refuses a rating that is not a whole number from 1 to 5 (400)', async () => {
    for (const value of ['0', '6', '4.5', 'four', '', '-1']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/packages?minRating=${value}` });
      expect(response.statusCode, value).toBe(400);
      const body = response.json();
      expectErrorEnvelope(body, 400);
      expect(body.errors, value).toEqual([
        expect.objectContaining({ path: 'minRating', message: MESSAGES.validation.minRating }),
      ]);
    }
  });
});
