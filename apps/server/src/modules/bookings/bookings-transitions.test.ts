import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { startSmtpServer } from '../../../test/smtp';
import { bookings } from '../../db/schema';

const STATUSES = ['pending', 'accepted', 'rejected', 'completed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

/** The rules of docs/architecture.md (Booking status changes), written out by hand so the test does not trust the table it checks. */
const ALLOWED: Record<'client' | 'planner' | 'admin', string[]> = {
  client: ['pending>cancelled', 'accepted>cancelled'],
  planner: ['pending>accepted', 'pending>rejected', 'accepted>completed', 'accepted>cancelled'],
  admin: ['pending>accepted', 'pending>rejected', 'accepted>completed', 'accepted>cancelled'],
};

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const actors: Record<string, TestUser | undefined> = {};
let bookingId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  const db = t.database.db;
  actors.client = await createUser(db, { role: 'client', username: 'The Client' });
  actors.otherClient = await createUser(db, { role: 'client' });
  actors.planner = await createUser(db, { role: 'planner' });
  actors.otherPlanner = await createUser(db, { role: 'planner' });
  actors.admin = await createUser(db, { role: 'admin' });
  actors.guest = undefined;
  const pkg = await createPackage(db, { plannerId: actors.planner.id, title: 'Harambee Day' });
  bookingId = (
    await createBookingRow(db, {
      clientId: actors.client.id,
      packageId: pkg.id,
      plannerId: actors.planner.id,
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function setStatus(status: Status) {
  await t.database.db.update(bookings).set({ status }).where(eq(bookings.id, bookingId));
}

async function currentStatus() {
  const [row] = await t.database.db
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.status;
}

function expectedStatus(actor: string, from: Status, to: Status): number {
  if (actor === 'guest') return 401;
  if (actor === 'otherClient' || actor === 'otherPlanner') return 404;
  return ALLOWED[actor as 'client' | 'planner' | 'admin'].includes(`${from}>${to}`) ? 200 : 409;
}

describe('PATCH /api/bookings/:id follows the transition table for every actor', () => {
  const cases = ['client', 'otherClient', 'planner', 'otherPlanner', 'admin', 'guest'].flatMap((actor) =>
    STATUSES.flatMap((from) => STATUSES.map((to) => [actor, from, to] as const)),
  );

  it.each(cases)('%s: %s → %s', async (actor, from, to) => {
    await setStatus(from);
    const user = actors[actor];
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: user?.headers ?? {},
      payload: { status: to },
    });
    const expected = expectedStatus(actor, from, to);
    expect(response.statusCode).toBe(expected);
    expect(response.json().success).toBe(expected === 200);
    expect(await currentStatus()).toBe(expected === 200 ? to : from);
    if (expected === 200) expect(response.json().booking.status).toBe(to);
  });
});

describe('status changes', () => {
  it('email the client when the planner changes the booking', async () => {
    await setStatus('pending');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: actors.planner!.headers,
      payload: { status: 'accepted' },
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor(actors.client!.email, /Your booking of Harambee Day is accepted/);
    expect(mail.raw).toContain('The Client');
  });

  it('refuse an unknown status, a malformed id and an unknown booking', async () => {
    const planner = actors.planner!;
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: planner.headers,
      payload: { status: 'done' },
    });
    expect(bad.statusCode).toBe(400);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}`,
        headers: planner.headers,
        payload: { status: 'accepted' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Booking not found.');
    }
  });
});
