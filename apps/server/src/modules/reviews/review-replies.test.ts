import { shiftDay } from '@sherehe/shared/calendar';
import { todayInNairobi } from '@sherehe/shared/dates';
import { reviewsMessages as swReviews } from '@sherehe/shared/messages/sw/reviews';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useStarted, useTestApp } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import { jobs, reviews } from '../../db/schema';
import { reviewAskAt } from './review-ask';

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

let planner: TestUser;
let otherPlanner: TestUser;
let admin: TestUser;
let pkg: Awaited<ReturnType<typeof createPackage>>;

beforeAll(async () => {
  planner = await createUser(t.database.db, { role: 'planner', username: 'Neema Events' });
  otherPlanner = await createUser(t.database.db, { role: 'planner' });
  admin = await createUser(t.database.db, { role: 'admin' });
  pkg = await createPackage(t.database.db, { plannerId: planner.id, title: 'Harusi ya Pwani' });
});

/** A client with a completed booking of the package who reviewed it: the review's id and author. */
async function reviewed(comment = 'Lovely day') {
  const client = await createUser(t.database.db, { role: 'client' });
  await createBookingRow(t.database.db, {
    clientId: client.id,
    packageId: pkg.id,
    plannerId: planner.id,
    status: 'completed',
  });
  const created = await injectAs(t, client, 'POST', '/api/reviews', { package: pkg.id, rating: 5, comment });
  expect(created.statusCode).toBe(201);
  return { id: created.json().review._id as string, client };
}

const putReply = (user: TestUser | undefined, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/reviews/${id}/reply`,
    headers: user?.headers ?? {},
    payload: payload as object,
  });
const deleteReply = (user: TestUser | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}/reply`, headers: user?.headers ?? {} });

async function storedReply(id: string) {
  const [row] = await t.database.db
    .select({ text: reviews.replyText, createdAt: reviews.replyCreatedAt, updatedAt: reviews.replyUpdatedAt })
    .from(reviews)
    .where(eq(reviews.id, id));
  return row;
}

async function listed(id: string) {
  const list = await t.app.inject({ method: 'GET', url: `/api/reviews/${pkg.id}` });
  const profile = await t.app.inject({ method: 'GET', url: `/api/reviews/user/${planner.id}` });
  const find = (body: { reviews: Array<{ _id: string; reply: unknown }> }) =>
    body.reviews.find((review) => review._id === id)?.reply;
  return { list: find(list.json()), profile: find(profile.json()) };
}

describe('PUT and DELETE /api/reviews/:id/reply', () => {
  it("lets the package's planner reply once, edit the reply and remove it; every read shows it", async () => {
    const { id } = await reviewed();
    expect(await listed(id)).toEqual({ list: null, profile: null });

    const created = await putReply(planner, id, { text: '  Asante sana! Karibu tena.  ' });
    expect(created.statusCode).toBe(201);
    const first = created.json().review.reply;
    expect(first).toEqual({
      text: 'Asante sana! Karibu tena.',
      createdAt: first.createdAt,
      updatedAt: first.createdAt,
    });
    expect(created.json()).toMatchObject({
      success: true,
      message: 'Reply saved.',
      review: { _id: id, rating: 5 },
    });
    expect(await listed(id)).toEqual({ list: first, profile: first });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await putReply(planner, id, { text: 'Asante! Tulifurahi kufanya kazi nanyi.' });
    expect(edited.statusCode).toBe(200);
    const second = edited.json().review.reply;
    expect(second.text).toBe('Asante! Tulifurahi kufanya kazi nanyi.');
    expect(second.createdAt).toBe(first.createdAt);
    expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    expect(await listed(id)).toEqual({ list: second, profile: second });
    // Still one reply, one review.
    expect((await storedReply(id))?.text).toBe('Asante! Tulifurahi kufanya kazi nanyi.');

    const removed = await deleteReply(planner, id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await storedReply(id)).toEqual({ text: null, createdAt: null, updatedAt: null });
    expect(await listed(id)).toEqual({ list: null, profile: null });
    const again = await deleteReply(planner, id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This review has no reply.');

    // A reply after a removal is a new one.
    expect((await putReply(planner, id, { text: 'Karibu tena' })).statusCode).toBe(201);
  });

  it('refuses everyone but the package’s planner and bad text, and changes nothing', async () => {
    const { id, client } = await reviewed('Good food');
    const original = await putReply(planner, id, { text: 'Thank you!' });
    expect(original.statusCode).toBe(201);
    const before = await storedReply(id);

    const refusals: Array<[TestUser | undefined, unknown, number, string?]> = [
      [otherPlanner, { text: 'Not mine' }, 403, 'Only the planner of this package can reply to its reviews.'],
      [client, { text: 'I answer myself' }, 403],
      [admin, { text: 'Admin words' }, 403],
      [undefined, { text: 'Guest words' }, 401],
      [planner, { text: 'x'.repeat(1001) }, 400, 'A reply can be at most 1000 characters.'],
      [planner, { text: '   ' }, 400, 'Please write a reply.'],
      [planner, { text: '' }, 400, 'Please write a reply.'],
      [planner, {}, 400, 'Please write a reply.'],
      [planner, { text: 42 }, 400],
    ];
    for (const [user, body, status, message] of refusals) {
      const response = await putReply(user, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    }
    for (const [user, status] of [
      [otherPlanner, 403],
      [client, 403],
      [admin, 403],
      [undefined, 401],
    ] as const) {
      expect((await deleteReply(user, id)).statusCode).toBe(status);
    }
    expect(await storedReply(id)).toEqual(before);

    // 1,000 characters are allowed.
    expect((await putReply(planner, id, { text: 'y'.repeat(1000) })).statusCode).toBe(200);
  });

  it('answers 404 for a review that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await putReply(planner, missing, { text: 'Hello' })).statusCode).toBe(404);
    expect((await deleteReply(planner, missing)).statusCode).toBe(404);
    expect((await putReply(planner, 'not-an-id', { text: 'Hello' })).statusCode).toBe(404);
  });
});

describe('the review ask', () => {
  async function completedToday(client: TestUser) {
    const booking = await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      status: 'accepted',
      eventDate: nairobiDayFromToday(0),
    });
    const before = new Date();
    const completed = await injectAs(t, planner, 'PATCH', `/api/bookings/${booking.id}`, {
      status: 'completed',
    });
    expect(completed.statusCode).toBe(200);
    return { id: booking.id, before, after: new Date() };
  }

  const askJobs = (bookingId: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'review-ask'), sql`${jobs.payload}->>'bookingId' = ${bookingId}`));

  async function runAsksNow() {
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, 'review-ask'), eq(jobs.status, 'pending')));
    await t.app.jobs.drain();
  }

  const asksTo = (email: string) =>
    smtp.received.filter((mail) => mail.to.includes(email) && /Leave a review|Acha maoni/.test(mail.subject));

  it('is queued once when a booking is completed, for 08:00 Nairobi the next morning', async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    const { id, before, after } = await completedToday(client);
    const queued = await askJobs(id);
    expect(queued).toHaveLength(1);
    const runAt = queued[0]!.runAt;
    // 08:00 in Nairobi (05:00 UTC) on the day after the completion's day there.
    expect(runAt.toISOString()).toBe(`${shiftDay(todayInNairobi(after), 1)}T05:00:00.000Z`);
    expect(runAt.getTime()).toBeGreaterThan(before.getTime());
    expect(runAt.getTime() - before.getTime()).toBeLessThanOrEqual(32 * 3_600_000);
  });

  it('sends one mail in the client’s language with a link to the review form, never twice', async () => {
    const client = await createUser(t.database.db, { role: 'client', username: 'Amina', locale: 'sw' });

    await completedToday(client);
    await runAsksNow();
    const mail = await smtp.waitFor(client.email, /ilikuwaje/);
    expect(mail.subject).toBe(swReviews.askMailSubject('A booked package'));
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain('Amina');
    expect(text).toContain(`/sw/packages/${pkg.id}#package-reviews`);
    // Run again: nothing more.
    await t.database.db
      .update(jobs)
      .set({ status: 'pending', runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'review-ask'));
    await t.app.jobs.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asksTo(client.email)).toHaveLength(1);
  });

  it('sends nothing to a client who has reviewed by then', async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    await completedToday(client);
    expect(
      (await injectAs(t, client, 'POST', '/api/reviews', { package: pkg.id, rating: 4 })).statusCode,
    ).toBe(201);
    await runAsksNow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asksTo(client.email)).toHaveLength(0);
  });
});

describe('reviewAskAt', () => {
  // Fixed instants are safe here: the function takes the completion time and never reads the clock.
  it('is 08:00 Nairobi the day after the completion’s Nairobi day', () => {
    expect(reviewAskAt(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-11T05:00:00.000Z');
    // 23:30 in Nairobi on 10 March: still the 11th.
    expect(reviewAskAt(new Date('2026-03-10T20:30:00Z')).toISOString()).toBe('2026-03-11T05:00:00.000Z');
    // 00:30 in Nairobi on 11 March: the 12th.
    expect(reviewAskAt(new Date('2026-03-10T21:30:00Z')).toISOString()).toBe('2026-03-12T05:00:00.000Z');
    expect(reviewAskAt(new Date('2021-12-31T10:00:00Z')).toISOString()).toBe('2022-01-01T05:00:00.000Z');
  });
});
