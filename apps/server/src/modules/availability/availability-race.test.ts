import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { addDays, nairobiDayFromToday } from '../../../test/dates';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { bookings, users } from '../../db/schema';
import { plannerDayLockKey } from './availability.queries';

/**
 * Parallel acceptances of the last places on a day: exactly as many win as the planner takes events
 * that day, on PGlite and (with TEST_DATABASE_URL, `scripts/with-postgres.sh`) on PostgreSQL, where
 * the transactions really overlap and only the day's lock keeps them apart (docs/decisions/015).
 */

const t = useTestApp();
beforeAll(async () => {
  // Only the acceptances are looked at: the mails they queue wait.
  await t.app.jobs.stop();
});

async function plannerWithRequests(options: { eventsPerDay: number; days: string[]; perDay: number }) {
  const db = t.database.db;
  const planner = await createUser(db, { role: 'planner' });
  await db.update(users).set({ eventsPerDay: options.eventsPerDay }).where(eq(users.id, planner.id));
  const requests: { id: string; day: string }[] = [];
  for (const day of options.days) {
    for (let i = 0; i < options.perDay; i++) {
      // A package per request, so one client could hold them all; a client each is closer to life.
      const pkg = await createPackage(db, { plannerId: planner.id });
      const client = await createUser(db, { role: 'client' });
      const row = await createBookingRow(db, {
        clientId: client.id,
        packageId: pkg.id,
        plannerId: planner.id,
        eventDate: day,
      });
      requests.push({ id: row.id, day });
    }
  }
  return { planner, requests };
}

function accept(planner: TestUser, id: string) {
  return injectAs(t, planner, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' });
}

async function statuses(ids: string[]) {
  const rows = await t.database.db
    .select({ id: bookings.id, status: bookings.status, day: bookings.eventDate })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  return rows;
}

describe(`parallel acceptances of a day's last place (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('let exactly one of three win each day when the planner takes one event a day', async () => {
    const start = nairobiDayFromToday(90);
    const days = [0, 1, 2, 3, 4, 5].map((n) => addDays(start, n));
    const { planner, requests } = await plannerWithRequests({ eventsPerDay: 1, days, perDay: 3 });

    const answers = await Promise.all(requests.map((request) => accept(planner, request.id)));

    const rows = await statuses(requests.map((r) => r.id));
    for (const day of days) {
      const ofDay = requests
        .map((request, i) => ({ ...request, answer: answers[i]! }))
        .filter((r) => r.day === day);
      const won = ofDay.filter((r) => r.answer.statusCode === 200);
      expect(won, day).toHaveLength(1);
      for (const lost of ofDay.filter((r) => r.answer.statusCode !== 200)) {
        expect(lost.answer.statusCode).toBe(409);
        expect(lost.answer.json().message).toBe('This planner is not available on that date.');
      }
      const dayRows = rows.filter((row) => row.day === day);
      expect(dayRows.filter((row) => row.status === 'accepted').map((row) => row.id)).toEqual([won[0]!.id]);
      // The day filled up: the others were declined by the winner, in its transaction.
      expect(dayRows.filter((row) => row.status === 'rejected')).toHaveLength(2);
    }
  });

  it('let exactly two of five win when the planner takes two events a day', async () => {
    const day = nairobiDayFromToday(100);
    const { planner, requests } = await plannerWithRequests({ eventsPerDay: 2, days: [day], perDay: 5 });

    const answers = await Promise.all(requests.map((request) => accept(planner, request.id)));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    const rows = await statuses(requests.map((r) => r.id));
    expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(2);
    expect(rows.filter((row) => row.status === 'rejected')).toHaveLength(3);
  });
});

const postgres = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgres)('requests and acceptances of one day on PostgreSQL', () => {
  /** A connection of its own, in a transaction holding the day's lock as a request under way does. */
  async function requestUnderWay(plannerId: string, day: string) {
    const client = new pg.Client({ connectionString: t.database.url! });
    await client.connect();
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [
      plannerDayLockKey(plannerId, day),
    ]);
    return {
      finish: async () => {
        await client.query('commit');
        await client.end();
      },
    };
  }

  function request(client: TestUser, pkg: { id: string }, planner: TestUser, day: string) {
    return injectAs(t, client, 'POST', '/api/bookings/create', {
      package: pkg.id,
      planner: planner.id,
      date: `${day}T00:00:00.000Z`,
      message: 'For 200 guests',
    });
  }

  /** Whether the promise settles within `ms` (the lock it waits for is held all that time). */
  const settlesWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([
      promise.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);

  it('a request does not wait for another request of the same day; an acceptance waits for both', async () => {
    const db = t.database.db;
    const day = nairobiDayFromToday(120);
    const planner = await createUser(db, { role: 'planner' });
    const pkg = await createPackage(db, { plannerId: planner.id });
    const pending = await createBookingRow(db, {
      clientId: (await createUser(db, { role: 'client' })).id,
      packageId: (await createPackage(db, { plannerId: planner.id })).id,
      plannerId: planner.id,
      eventDate: day,
    });
    const other = await requestUnderWay(planner.id, day);
    try {
      // Answered while the other request holds the day.
      const client = await createUser(db, { role: 'client', planId: 'enterprise' });
      const answering = request(client, pkg, planner, day);
      expect(await settlesWithin(answering, 5_000)).toBe(true);
      const answer = await answering;
      expect(answer.statusCode).toBe(201);

      // The acceptance that would fill the day waits until the request under way has committed.
      const accepting = accept(planner, pending.id);
      expect(await settlesWithin(accepting, 1_000)).toBe(false);
      await other.finish();
      expect((await accepting).statusCode).toBe(200);
      // And, having waited, it saw the request answered meanwhile: declined with the day's others.
      const rows = await statuses([pending.id, answer.json().booking._id]);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
        [pending.id]: 'accepted',
        [answer.json().booking._id]: 'rejected',
      });
    } finally {
      await other.finish().catch(() => {});
    }
  });

  it('requests racing an acceptance of their day leave no request pending on a full day', async () => {
    const db = t.database.db;
    const day = nairobiDayFromToday(130);
    const planner = await createUser(db, { role: 'planner' });
    const first = await createBookingRow(db, {
      clientId: (await createUser(db, { role: 'client' })).id,
      packageId: (await createPackage(db, { plannerId: planner.id })).id,
      plannerId: planner.id,
      eventDate: day,
    });
    const clients = await Promise.all(
      Array.from({ length: 12 }, () => createUser(db, { role: 'client', planId: 'enterprise' })),
    );
    const packages = await Promise.all(clients.map(() => createPackage(db, { plannerId: planner.id })));

    const [accepted, ...answers] = await Promise.all([
      accept(planner, first.id),
      ...clients.map((client, i) => request(client, packages[i]!, planner, day)),
    ]);

    expect(accepted.statusCode).toBe(200);
    const rows = await db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.plannerId, planner.id));
    // Each request either came before the acceptance (and was declined by it) or after (refused).
    expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
    for (const answer of answers) {
      if (answer.statusCode !== 201) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe('This planner is not available on that date.');
      }
    }
    expect(rows.filter((row) => row.status === 'rejected')).toHaveLength(
      answers.filter((answer) => answer.statusCode === 201).length,
    );
  });
});
