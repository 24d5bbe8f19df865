import { ServerEvents } from '@sherehe/shared/socket-events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, listenLocally, type TestContext } from '../../../test/build-app';
import { addDays, nairobiDayFromToday } from '../../../test/dates';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { connected, connectSocket } from '../../../test/sockets';
import { bookings, jobs, users } from '../../db/schema';

/**
 * Quotes through the API: a planner's offer on a pending request, the client's answers, the expiry
 * job, the notices. Every refusal leaves the booking's row as it was.
 */
let t: TestContext;
let url: string;
let planner: TestUser;
let client: TestUser;
let stranger: TestUser;
let admin: TestUser;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  url = await listenLocally(t);
  const db = t.database.db;
  planner = await createUser(db, { role: 'planner', username: 'Wanjiru Events' });
  client = await createUser(db, { role: 'client', planId: 'enterprise', username: 'Grace' });
  stranger = await createUser(db, { role: 'client' });
  admin = await createUser(db, { role: 'admin' });
});
afterAll(() => t.close());

/** Each request on a day of its own, unless a test says: the planner takes one event a day. */
let nextDay = 20;

/** A pending request of a new garden wedding package by `who` (the client unless said), `days` ahead. */
async function pendingRequest(options: { who?: TestUser; days?: number } = {}) {
  const db = t.database.db;
  const pkg = await createPackage(db, { plannerId: planner.id, title: 'Garden Wedding', price: 250_000 });
  return createBookingRow(db, {
    clientId: (options.who ?? client).id,
    packageId: pkg.id,
    plannerId: planner.id,
    eventDate: nairobiDayFromToday(options.days ?? nextDay++),
    price: 250_000,
  });
}

const quote = (who: TestUser, id: string, body: Record<string, unknown>) =>
  injectAs(t, who, 'POST', `/api/bookings/${id}/quote`, body);
const accept = (who: TestUser, id: string) =>
  injectAs(t, who, 'POST', `/api/bookings/${id}/quote/accept`, {});
const decline = (who: TestUser, id: string) =>
  injectAs(t, who, 'POST', `/api/bookings/${id}/quote/decline`, {});

const OFFER = { price: 200_000, depositPercent: 20, message: 'Flowers included.', expiresInDays: 7 };

async function row(id: string) {
  const [found] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return found!;
}

/** The mails queued to `email` (sent or not yet). */
async function mailsTo(email: string) {
  const rows = await t.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${email}`));
  return rows.map((r) => (r.payload as { subject: string }).subject);
}

function expiryJobsOf(id: string) {
  return t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'quote-expiry'), sql`${jobs.payload}->>'bookingId' = ${id}`));
}

/** The offer's time is up (as if its days had passed); its expiry job has not run yet. */
async function offerLapses(id: string) {
  await t.database.db
    .update(bookings)
    .set({ quoteExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(bookings.id, id));
}

/** The booking's expiry jobs come due and the queue runs them. */
async function runExpiries(id: string) {
  await t.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(jobs.kind, 'quote-expiry'), sql`${jobs.payload}->>'bookingId' = ${id}`));
  await t.app.jobs.drain();
}

describe('POST /api/bookings/{id}/quote', () => {
  it("the booking's planner offers a price; the booking shows it, the client is mailed, expiry is queued", async () => {
    const booking = await pendingRequest();
    const before = Date.now();
    const sent = await quote(planner, booking.id, OFFER);
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body.message).toBe('Quote sent.');
    expect(body.booking.status).toBe('pending');
    expect(body.booking.quote).toMatchObject({
      price: 200_000,
      depositPercent: 20,
      message: 'Flowers included.',
      eventDate: booking.eventDate,
      status: 'offered',
    });
    const expiresAt = Date.parse(body.booking.quote.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expiresAt - before).toBeLessThan(7 * DAY_MS + 60_000);
    // The booking's own price is untouched until the client accepts.
    expect(body.booking.price).toBe(250_000);
    expect(await mailsTo(client.email)).toContain('A quote for Garden Wedding');
    const expiry = await expiryJobsOf(booking.id);
    expect(expiry).toHaveLength(1);
    expect(expiry[0]!.runAt.getTime()).toBe(expiresAt);

    const listed = await injectAs(t, client, 'GET', '/api/bookings/my');
    const mine = listed.json().bookings.find((b: { _id: string }) => b._id === booking.id);
    expect(mine.quote.status).toBe('offered');
  });

  it('a new offer replaces one still offered, with an expiry of its own', async () => {
    const booking = await pendingRequest();
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    const day = nairobiDayFromToday(191);
    const again = await quote(planner, booking.id, {
      price: '180000.50',
      depositPercent: 0,
      expiresInDays: 1,
      eventDate: day,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().booking.quote).toMatchObject({
      price: 180_000.5,
      depositPercent: 0,
      message: '',
      eventDate: day,
      status: 'offered',
    });
    expect(await expiryJobsOf(booking.id)).toHaveLength(2);
    // The first offer's expiry (a week ahead, the later one) runs now: it is no longer the offer,
    // and changes nothing.
    const first = (await expiryJobsOf(booking.id)).sort((a, b) => b.runAt.getTime() - a.runAt.getTime())[0]!;
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, first.id));
    await t.app.jobs.drain();
    expect((await row(booking.id)).quoteStatus).toBe('offered');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const booking = await pendingRequest();
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    const saved = await row(booking.id);
    const bad: Array<Record<string, unknown>> = [
      { ...OFFER, price: -5 },
      { ...OFFER, price: 0 },
      { ...OFFER, price: '12.345' },
      { ...OFFER, price: 99_999_999_999 },
      { ...OFFER, price: 'lots' },
      { ...OFFER, price: undefined },
      { ...OFFER, depositPercent: 101 },
      { ...OFFER, depositPercent: -1 },
      { ...OFFER, depositPercent: 12.5 },
      { ...OFFER, message: 'x'.repeat(1001) },
      { ...OFFER, expiresInDays: 0 },
      { ...OFFER, expiresInDays: 15 },
      { ...OFFER, expiresInDays: 2.5 },
      { ...OFFER, expiresInDays: undefined },
      { ...OFFER, eventDate: 'tomorrow' },
      { ...OFFER, eventDate: addDays(nairobiDayFromToday(0), -1) },
    ];
    for (const body of bad) {
      const refused = await quote(planner, booking.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().success).toBe(false);
    }
    const priceZero = await quote(planner, booking.id, { ...OFFER, price: 0 });
    expect(priceZero.json().message).toBe('The price must be more than Ksh 0.');
    const days = await quote(planner, booking.id, { ...OFFER, expiresInDays: 15 });
    expect(days.json().message).toBe('The offer must run for 1 to 14 days.');
    expect(await row(booking.id)).toEqual(saved);
    expect(await expiryJobsOf(booking.id)).toHaveLength(1);
  });

  it("only the booking's planner offers: its client and an admin get 403, anyone else 404", async () => {
    const booking = await pendingRequest();
    const saved = await row(booking.id);
    const asClient = await quote(client, booking.id, OFFER);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json().message).toBe('Only the planner of this booking can send it a quote.');
    expect((await quote(admin, booking.id, OFFER)).statusCode).toBe(403);
    const otherPlanner = await createUser(t.database.db, { role: 'planner' });
    expect((await quote(otherPlanner, booking.id, OFFER)).statusCode).toBe(404);
    expect((await quote(stranger, booking.id, OFFER)).statusCode).toBe(404);
    expect((await quote(planner, '0a0a0a0a-0000-4000-8000-000000000999', OFFER)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/quote`, payload: OFFER }))
        .statusCode,
    ).toBe(401);
    expect(await row(booking.id)).toEqual(saved);
  });

  it('a booking no longer pending takes no offer (409)', async () => {
    const booking = await pendingRequest();
    expect(
      (await injectAs(t, planner, 'PATCH', `/api/bookings/${booking.id}`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    const saved = await row(booking.id);
    const refused = await quote(planner, booking.id, OFFER);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'A quote can only be sent for a request that is still waiting for an answer.',
    );
    expect(await row(booking.id)).toEqual(saved);
  });
});

describe('POST /api/bookings/{id}/quote/accept', () => {
  it('books at the quoted price and deposit share; the planner is told; the deposit due follows the quote', async () => {
    const booking = await pendingRequest();
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    const accepted = await accept(client, booking.id);
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body.message).toBe('Quote accepted: your booking is confirmed.');
    expect(body.booking).toMatchObject({
      status: 'accepted',
      price: 200_000,
      // 20 % of Ksh 200,000.
      depositAmount: 40_000,
      balanceDue: 200_000,
      quote: { status: 'accepted', price: 200_000, depositPercent: 20 },
    });
    const saved = await row(booking.id);
    expect(saved).toMatchObject({ priceCents: 20_000_000, depositPercent: 20, status: 'accepted' });
    // The planner's mail of the acceptance, and the calendar's reminders, as for any acceptance.
    expect(await mailsTo(planner.email)).toContain('Booking accepted: Garden Wedding');
    const reminders = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'booking-reminder'), sql`${jobs.payload}->>'bookingId' = ${booking.id}`));
    expect(reminders.length).toBeGreaterThan(0);

    // Answered: accepting or declining again is refused, and changes nothing.
    const again = await accept(client, booking.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There is no offer waiting for an answer.');
    expect((await decline(client, booking.id)).statusCode).toBe(409);
    expect(await row(booking.id)).toEqual(saved);
  });

  it('accepts on the day the offer names, moving the booking to it', async () => {
    const booking = await pendingRequest();
    const day = nairobiDayFromToday(190);
    expect((await quote(planner, booking.id, { ...OFFER, eventDate: day })).statusCode).toBe(200);
    const accepted = await accept(client, booking.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().booking.eventDate).toBe(day);
  });

  it('an expired offer cannot be accepted (409), even before the expiry job ran', async () => {
    const booking = await pendingRequest();
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    // The offer's week has passed.
    await offerLapses(booking.id);
    const saved = await row(booking.id);
    const refused = await accept(client, booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This offer has expired.');
    expect((await decline(client, booking.id)).statusCode).toBe(409);
    expect(await row(booking.id)).toEqual(saved);
  });

  it('a request whose day has passed takes an offer only for a day it names (400 otherwise)', async () => {
    const booking = await pendingRequest({ days: 3 });
    await t.database.db
      .update(bookings)
      .set({ eventDate: nairobiDayFromToday(-1) })
      .where(eq(bookings.id, booking.id));
    const saved = await row(booking.id);
    const refused = await quote(planner, booking.id, OFFER);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'eventDate', message: 'Please choose today or a later date for your event.' },
    ]);
    expect(await row(booking.id)).toEqual(saved);
    const day = nairobiDayFromToday(33);
    expect((await quote(planner, booking.id, { ...OFFER, eventDate: day })).statusCode).toBe(200);
    const accepted = await accept(client, booking.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().booking.eventDate).toBe(day);
  });

  it('an offer whose day has passed cannot be accepted (409), though it has not expired', async () => {
    const booking = await pendingRequest({ days: 3 });
    expect((await quote(planner, booking.id, { ...OFFER, expiresInDays: 14 })).statusCode).toBe(200);
    // The request's day went by while the offer still stood.
    await t.database.db
      .update(bookings)
      .set({ eventDate: nairobiDayFromToday(-1) })
      .where(eq(bookings.id, booking.id));
    const saved = await row(booking.id);
    const refused = await accept(client, booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This offer's day has passed: ask the planner for a quote for another day.",
    );
    const inKiswahili = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/quote/accept`,
      headers: { ...client.headers, cookie: 'lang=sw' },
      payload: {},
    });
    expect(inKiswahili.json().message).toBe('Siku ya bei hii imepita: mwombe mratibu bei ya siku nyingine.');
    expect(await row(booking.id)).toEqual(saved);
  });

  it('a full day refuses as an acceptance would (409), and changes nothing', async () => {
    const booking = await pendingRequest({ days: 200 });
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    // Another client's booking took the planner's one place that day meanwhile.
    await createBookingRow(t.database.db, {
      clientId: stranger.id,
      packageId: booking.packageId!,
      plannerId: planner.id,
      eventDate: booking.eventDate!,
      status: 'accepted',
    });
    const saved = await row(booking.id);
    const refused = await accept(client, booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'DAY_UNAVAILABLE' });
    expect(await row(booking.id)).toEqual(saved);
  });

  it("taking the day's last place declines the day's other requests", async () => {
    const booking = await pendingRequest({ days: 201 });
    const other = await createBookingRow(t.database.db, {
      clientId: stranger.id,
      packageId: booking.packageId!,
      plannerId: planner.id,
      eventDate: booking.eventDate!,
    });
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    expect((await accept(client, booking.id)).statusCode).toBe(200);
    expect((await row(other.id)).status).toBe('rejected');
  });

  it("only the booking's client answers: its planner and an admin get 403, anyone else 404", async () => {
    const booking = await pendingRequest();
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    const saved = await row(booking.id);
    for (const answer of [accept, decline]) {
      const asPlanner = await answer(planner, booking.id);
      expect(asPlanner.statusCode).toBe(403);
      expect(asPlanner.json().message).toBe('Only the client of this booking can answer its quote.');
      expect((await answer(admin, booking.id)).statusCode).toBe(403);
      expect((await answer(stranger, booking.id)).statusCode).toBe(404);
    }
    expect(await row(booking.id)).toEqual(saved);
  });

  it('a booking with no offer has nothing to accept (409)', async () => {
    const booking = await pendingRequest();
    const refused = await accept(client, booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('There is no offer waiting for an answer.');
  });

  it('an enquiry becomes a booking request when its quote is accepted, within the monthly allowance', async () => {
    const db = t.database.db;
    const asker = await createUser(db, { role: 'client', planId: 'basic' });
    const enquiry = await pendingRequest({ who: asker });
    await db.update(bookings).set({ kind: 'enquiry', requestedAt: null }).where(eq(bookings.id, enquiry.id));
    expect((await quote(planner, enquiry.id, OFFER)).statusCode).toBe(200);
    const before = Date.now();
    expect((await accept(asker, enquiry.id)).statusCode).toBe(200);
    const saved = await row(enquiry.id);
    expect(saved.kind).toBe('booking');
    expect(saved.requestedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('an enquiry with no day takes only an offer that names one (400 otherwise), and is booked on that day', async () => {
    const db = t.database.db;
    const asker = await createUser(db, { role: 'client', planId: 'basic' });
    const enquiry = await pendingRequest({ who: asker });
    await db
      .update(bookings)
      .set({ kind: 'enquiry', requestedAt: null, eventDate: null })
      .where(eq(bookings.id, enquiry.id));
    const refused = await quote(planner, enquiry.id, OFFER);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        path: 'eventDate',
        message: 'Choose the event date: this enquiry names none, and the offer books that day.',
      },
    ]);
    expect((await row(enquiry.id)).quoteStatus).toBeNull();
    const day = nairobiDayFromToday(40);
    expect((await quote(planner, enquiry.id, { ...OFFER, eventDate: day })).statusCode).toBe(200);
    expect((await accept(asker, enquiry.id)).statusCode).toBe(200);
    const saved = await row(enquiry.id);
    expect(saved).toMatchObject({ kind: 'booking', status: 'accepted', eventDate: day });
  });

  it("an enquiry's quote is refused when the client's monthly allowance is used up, and nothing changes", async () => {
    const db = t.database.db;
    const asker = await createUser(db, { role: 'client', planId: 'free' });
    // This month's one request of the free plan, already sent.
    await createBookingRow(db, {
      clientId: asker.id,
      packageId: (await createPackage(db)).id,
      plannerId: (await createUser(db, { role: 'planner' })).id,
    });
    const enquiry = await pendingRequest({ who: asker });
    await db.update(bookings).set({ kind: 'enquiry', requestedAt: null }).where(eq(bookings.id, enquiry.id));
    expect((await quote(planner, enquiry.id, OFFER)).statusCode).toBe(200);
    const saved = await row(enquiry.id);
    const refused = await accept(asker, enquiry.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_LIMIT', upgradePrompt: true });
    expect(await row(enquiry.id)).toEqual(saved);
  });
});

describe('POST /api/bookings/{id}/quote/decline', () => {
  it('the offer is declined, the booking stays pending, the planner is mailed', async () => {
    const booking = await pendingRequest();
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    const declined = await decline(client, booking.id);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().message).toBe('Quote declined.');
    expect(declined.json().booking).toMatchObject({
      status: 'pending',
      price: 250_000,
      quote: { status: 'declined' },
    });
    expect(await mailsTo(planner.email)).toContain('Quote declined: Garden Wedding');
    // The planner may offer again.
    expect((await quote(planner, booking.id, OFFER)).json().booking.quote.status).toBe('offered');
  });
});

describe('the expiry job', () => {
  it('marks an offer left unanswered expired and mails both parties', async () => {
    const booking = await pendingRequest();
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    // Its day comes: the offer's time is up, and its job is due.
    await offerLapses(booking.id);
    await runExpiries(booking.id);
    const saved = await row(booking.id);
    expect(saved).toMatchObject({ quoteStatus: 'expired', status: 'pending' });
    expect(await mailsTo(client.email)).toContain('Quote expired: Garden Wedding');
    expect(await mailsTo(planner.email)).toContain('Quote expired: Garden Wedding');
  });

  it('leaves an accepted offer alone', async () => {
    const booking = await pendingRequest({ days: 202 });
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    expect((await accept(client, booking.id)).statusCode).toBe(200);
    await runExpiries(booking.id);
    expect((await row(booking.id)).quoteStatus).toBe('accepted');
  });
});

interface Heard {
  booking: { _id: string; status: string; quote: { status: string } | null };
}

describe('the socket event', () => {
  it("both parties' open pages hear of an offer and of its answer", async () => {
    const booking = await pendingRequest();
    const clientSocket = connectSocket(url, { token: client.token });
    const plannerSocket = connectSocket(url, { token: planner.token });
    try {
      await Promise.all([connected(clientSocket), connected(plannerSocket)]);
      // Through the adapter (PostgreSQL), an event may come a moment after the answer: wait for it.
      const heard = (socket: typeof clientSocket, match: (booking: Heard['booking']) => boolean) =>
        new Promise<Heard['booking']>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no matching quoteUpdated')), 5000);
          socket.on(ServerEvents.quoteUpdated, (payload: Heard) => {
            if (!match(payload.booking)) return;
            clearTimeout(timer);
            resolve(payload.booking);
          });
        });
      const clientHeard = heard(clientSocket, (b) => b._id === booking.id && b.quote?.status === 'offered');
      expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
      expect(await clientHeard).toMatchObject({ _id: booking.id, quote: { status: 'offered' } });
      const plannerHeard = heard(plannerSocket, (b) => b._id === booking.id && b.status === 'accepted');
      expect((await accept(client, booking.id)).statusCode).toBe(200);
      expect(await plannerHeard).toMatchObject({
        _id: booking.id,
        status: 'accepted',
        quote: { status: 'accepted' },
      });
    } finally {
      clientSocket.close();
      plannerSocket.close();
    }
  });
});

describe('in Kiswahili', () => {
  it("the client's mail is in their language", async () => {
    const db = t.database.db;
    const mteja = await createUser(db, { role: 'client', planId: 'enterprise', locale: 'sw' });
    await db.update(users).set({ locale: 'sw' }).where(eq(users.id, mteja.id));
    const booking = await pendingRequest({ who: mteja });
    expect((await quote(planner, booking.id, OFFER)).statusCode).toBe(200);
    expect(await mailsTo(mteja.email)).toContain('Bei ya Garden Wedding');
  });
});
