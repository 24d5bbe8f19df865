import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useStarted, useTestApp } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { startSmtpServer } from '../../../test/smtp';
import { bookings } from '../../db/schema';

const STATUSES = ['pending', 'accepted', 'rejected', 'completed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

/** The rules of docs/bookings-and-calendar.md (Booking status changes), written out by hand so the test does not trust the table it checks. */
const ALLOWED: Record<'client' | 'planner' | 'admin', string[]> = {
  client: ['pending>cancelled', 'accepted>cancelled'],
  planner: ['pending>accepted', 'pending>rejected', 'accepted>completed', 'accepted>cancelled'],
  admin: ['pending>accepted', 'pending>rejected', 'accepted>completed', 'accepted>cancelled'],
};

const actors: Record<string, TestUser | undefined> = {};
let bookingId: string;

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
beforeAll(async () => {
  const db = t.database.db;
  actors.client = await createUser(db, { role: 'client', username: 'The Client' });
  actors.otherClient = await createUser(db, { role: 'client' });
  actors.planner = await createUser(db, { role: 'planner' });
  actors.otherPlanner = await createUser(db, { role: 'planner' });
  actors.admin = await createUser(db, { role: 'admin' });
  actors.guest = undefined;
  const pkg = await createPackage(db, { plannerId: actors.planner.id, title: 'Harambee Day' });
  // On its event day, so that completing it is not refused for being early.
  bookingId = (
    await createBookingRow(db, {
      clientId: actors.client.id,
      packageId: pkg.id,
      plannerId: actors.planner.id,
      eventDate: nairobiDayFromToday(0),
    })
  ).id;
});

async function setStatus(status: Status) {
  await t.database.db.update(bookings).set({ status }).where(eq(bookings.id, bookingId));
}

/** `PATCH /api/bookings/{id}` moving the booking to `status`, sent with `headers` (none: as a guest). */
function patchStatus(status: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'PATCH', url: `/api/bookings/${bookingId}`, headers, payload: { status } });
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
    const response = await patchStatus(to, user?.headers);
    const expected = expectedStatus(actor, from, to);
    expect(response.statusCode).toBe(expected);
    expect(response.json().success).toBe(expected === 200);
    expect(await currentStatus()).toBe(expected === 200 ? to : from);
    if (expected === 200) expect(response.json().booking.status).toBe(to);
  });
});

describe('completing a booking waits for its event day (Africa/Nairobi)', () => {
  async function completeOn(day: string, actor: 'planner' | 'admin') {
    await t.database.db
      .update(bookings)
      .set({ status: 'accepted', eventDate: day })
      .where(eq(bookings.id, bookingId));
    return patchStatus('completed', actors[actor]!.headers);
  }

  it.each(['planner', 'admin'] as const)('refuses a %s 45 days and 1 day before the event', async (actor) => {
    for (const ahead of [45, 1]) {
      const response = await completeOn(nairobiDayFromToday(ahead), actor);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'This booking can be marked completed from its event day. Until then the client can still cancel it.',
      );
      expect(await currentStatus()).toBe('accepted');
    }
  });

  it('says so in Kiswahili to a Kiswahili page', async () => {
    await t.database.db
      .update(bookings)
      .set({ status: 'accepted', eventDate: nairobiDayFromToday(45) })
      .where(eq(bookings.id, bookingId));
    const response = await patchStatus('completed', { ...actors.planner!.headers, cookie: 'lang=sw' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Nafasi hii inaweza kuwekwa kuwa imekamilika kuanzia siku ya hafla. Hadi hapo mteja bado anaweza kuighairi.',
    );
  });

  it.each(['planner', 'admin'] as const)(
    'lets a %s complete it on the event day and after',
    async (actor) => {
      for (const ago of [0, -3]) {
        const response = await completeOn(nairobiDayFromToday(ago), actor);
        expect(response.statusCode).toBe(200);
        expect(response.json().booking.status).toBe('completed');
      }
    },
  );

  it('leaves the client free to cancel a booking that was refused completion', async () => {
    await completeOn(nairobiDayFromToday(45), 'planner');
    const response = await patchStatus('cancelled', actors.client!.headers);
    expect(response.statusCode).toBe(200);
    expect(await currentStatus()).toBe('cancelled');
  });
});

describe('status changes', () => {
  it('email the client when the planner changes the booking', async () => {
    await setStatus('pending');
    const response = await patchStatus('accepted', actors.planner!.headers);
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor(actors.client!.email, /Your booking of Harambee Day is accepted/);
    expect(mail.raw).toContain('The Client');
  });

  it('refuse an unknown status, a malformed id and an unknown booking', async () => {
    const planner = actors.planner!;
    const bad = await injectAs(t, planner, 'PATCH', `/api/bookings/${bookingId}`, { status: 'done' });
    expect(bad.statusCode).toBe(400);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const response = await injectAs(t, planner, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Booking not found.');
    }
  });
});

describe('accepting a request waits for nothing but its day', () => {
  it.each(['planner', 'admin'] as const)(
    'refuses the %s once the day has passed (409), in the page’s language, and changes nothing',
    async (actor) => {
      await t.database.db
        .update(bookings)
        .set({ status: 'pending', eventDate: nairobiDayFromToday(-1) })
        .where(eq(bookings.id, bookingId));
      const refused = await patchStatus('accepted', actors[actor]!.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "This request's day has passed, so it can no longer be accepted. Send a quote for another day.",
      );
      const inKiswahili = await patchStatus('accepted', { ...actors[actor]!.headers, cookie: 'lang=sw' });
      expect(inKiswahili.json().message).toBe(
        'Siku ya ombi hili imepita, kwa hiyo haliwezi kukubaliwa tena. Tuma bei ya siku nyingine.',
      );
      expect(await currentStatus()).toBe('pending');
      // On the day itself it still may be.
      await t.database.db
        .update(bookings)
        .set({ eventDate: nairobiDayFromToday(0) })
        .where(eq(bookings.id, bookingId));
      expect((await patchStatus('accepted', actors[actor]!.headers)).statusCode).toBe(200);
    },
  );
});
