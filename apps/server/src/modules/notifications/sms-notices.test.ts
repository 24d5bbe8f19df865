import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { shortBookingCode, shortBookingLink } from '@sherehe/shared/sms-text';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import {
  createBookingRow,
  createPackage,
  createPaymentRow,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { runDueReminders } from '../../../test/reminders';
import { connected, connectSocket, emitAck } from '../../../test/sockets';
import { bookings, jobs, smsMessages, users } from '../../db/schema';
import { raiseDomainEvent } from '../../events/domain-events';
import { CHAT_UNREAD_SMS_JOB } from '../chat';
import { acceptedBooking, payBySimulator, until, usePaymentsApp } from '../payments/payments.test-support';
import { smsPaymentConfirmed } from '.';

/**
 * What is sent by SMS (docs/notifications.md#what-is-sent), through the API on a fresh database:
 * each notice to the right person's verified number, in their language, once; the app listens at
 * its PUBLIC_URL and its jobs send through the real client to the SMS simulator.
 */
const t = usePaymentsApp({ JOBS_POLL_MS: '50', SIM_CALLBACK_DELAY_MS: '20' });

let counter = 0;
/** A user whose number is verified (`users.sms_phone`, as the phones' verification leaves it). */
async function withPhone(options: { role?: 'client' | 'planner'; locale?: Lang; username?: string } = {}) {
  const user = await createUser(t.database.db, {
    role: options.role ?? 'client',
    ...(options.role === 'planner' ? { planId: 'pro' } : { planId: 'enterprise' }),
    locale: options.locale ?? 'en',
    ...(options.username ? { username: options.username } : {}),
  });
  counter += 1;
  const phone = `2547${String(Date.now() % 100_000).padStart(5, '0')}${String(counter).padStart(3, '0')}`;
  await t.database.db
    .update(users)
    .set({ smsPhone: phone, smsPhoneVerifiedAt: new Date() })
    .where(eq(users.id, user.id));
  return Object.assign(user, { phone });
}

/** The SMS queued to a user, oldest first. */
const smsOf = (user: { id: string }) =>
  t.database.db
    .select({ kind: smsMessages.kind, message: smsMessages.message, subjectKey: smsMessages.subjectKey })
    .from(smsMessages)
    .where(eq(smsMessages.userId, user.id))
    .orderBy(asc(smsMessages.createdAt));

/** What the simulator received for a number. */
const outbox = async (phone: string) =>
  (
    (await (await fetch(`${t.url}/__sim/sms/outbox?to=${phone}`)).json()) as {
      messages: { to: string; message: string }[];
    }
  ).messages.map((each) => each.message);

/** What the simulator received for a number, once it received anything (or after five seconds). */
const sentTo = (phone: string) =>
  until(
    () => outbox(phone),
    (messages) => messages.length > 0,
  );

const link = (bookingId: string) => shortBookingLink(t.url, bookingId);

async function newPackage(planner: TestUser, title = 'Garden Wedding') {
  return createPackage(t.database.db, { plannerId: planner.id, title, price: 250_000 });
}

describe('the planner', () => {
  it('hears of a new request, in their language, on their verified number, once', async () => {
    const planner = await withPhone({ role: 'planner', locale: 'sw' });
    const client = await withPhone({ username: 'Grace Njeri' });
    const pkg = await newPackage(planner);
    const day = nairobiDayFromToday(40);
    const response = await injectAs(t, client, 'POST', '/api/bookings/create', {
      package: pkg.id,
      planner: planner.id,
      date: `${day}T00:00:00.000Z`,
      message: 'For 150 guests',
    });
    expect(response.statusCode).toBe(201);
    const bookingId = response.json().booking._id as string;
    const expected = messagesIn('sw').smsNotices.bookingRequested(
      'Grace Njeri',
      'Garden Wedding',
      link(bookingId),
    );
    expect(expected).toContain('ombi jipya');
    expect(await smsOf(planner)).toEqual([
      { kind: 'booking-requested', message: expected, subjectKey: bookingId },
    ]);
    expect(await sentTo(planner.phone)).toEqual([expected]);
    // The client is told nothing of their own request.
    expect(await smsOf(client)).toEqual([]);
  });

  it('hears of an enquiry too, and a planner without a verified number gets nothing', async () => {
    const planner = await withPhone({ role: 'planner' });
    const client = await createUser(t.database.db, { username: 'Amina Otieno' });
    const pkg = await newPackage(planner, 'Beach Wedding');
    const response = await injectAs(t, client, 'POST', '/api/bookings/enquiries', {
      package: pkg.id,
      planner: planner.id,
      guests: 80,
      message: 'Do you do Diani?',
    });
    expect(response.statusCode).toBe(201);
    const bookingId = response.json().booking._id as string;
    expect(await smsOf(planner)).toEqual([
      {
        kind: 'booking-requested',
        message: `Sherehe: new enquiry from Amina Otieno about "Beach Wedding". Answer it: ${link(bookingId)}`,
        subjectKey: bookingId,
      },
    ]);

    const unverified = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
    const other = await newPackage(unverified);
    const again = await injectAs(t, client, 'POST', '/api/bookings/enquiries', {
      package: other.id,
      planner: unverified.id,
      message: 'And you?',
    });
    expect(again.statusCode).toBe(201);
    expect(await smsOf(unverified)).toEqual([]);
  });
});

describe('the client', () => {
  /** A pending request of `client` to `planner`, its day `days` ahead. */
  async function pending(client: TestUser, planner: TestUser, days: number) {
    const pkg = await newPackage(planner);
    return createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      eventDate: nairobiDayFromToday(days),
      price: 250_000,
    });
  }

  it('hears that the planner accepted or declined, once, and the planner hears nothing of it', async () => {
    const planner = await withPhone({ role: 'planner', username: 'Wanjiru Events' });
    const client = await withPhone({ locale: 'sw' });
    const first = await pending(client, planner, 50);
    const second = await pending(client, planner, 51);
    expect(
      (await injectAs(t, planner, 'PATCH', `/api/bookings/${first.id}`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(t, planner, 'PATCH', `/api/bookings/${second.id}`, { status: 'rejected' })).statusCode,
    ).toBe(200);
    const sw = messagesIn('sw').smsNotices;
    expect(await smsOf(client)).toEqual([
      {
        kind: 'booking-accepted',
        message: expect.stringContaining('Wanjiru Events amekubali nafasi yako ya "Garden Wedding" tarehe'),
        subjectKey: first.id,
      },
      {
        kind: 'booking-declined',
        message: sw.bookingDeclined('Wanjiru Events', 'Garden Wedding', link(second.id)),
        subjectKey: second.id,
      },
    ]);
    expect((await smsOf(client))[0]!.message).toContain(link(first.id));
    expect(await smsOf(planner)).toEqual([]);

    // The same event again (a retried handler, say) sends nothing more.
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.id));
    expect(row?.status).toBe('accepted');
    await t.database.db.transaction((tx) =>
      raiseDomainEvent(tx, 'booking.statusChanged', {
        booking: row!,
        from: 'pending',
        actorId: planner.id,
        jobs: t.app.jobs,
        publicUrl: t.url,
      }),
    );
    expect(await smsOf(client)).toHaveLength(2);
    await until(
      () => outbox(client.phone),
      (messages) => messages.length === 2,
    );
    expect(await outbox(client.phone)).toHaveLength(2);
  });

  it('hears that their request was declined when another booking took the day', async () => {
    const planner = await withPhone({ role: 'planner', username: 'Wanjiru Events' });
    await t.database.db.update(users).set({ eventsPerDay: 1 }).where(eq(users.id, planner.id));
    const taken = await withPhone();
    const declined = await withPhone();
    const first = await pending(taken, planner, 53);
    const second = await pending(declined, planner, 53);
    expect(
      (await injectAs(t, planner, 'PATCH', `/api/bookings/${first.id}`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect(await smsOf(declined)).toEqual([
      {
        kind: 'booking-declined',
        message: `Sherehe: Wanjiru Events declined your booking request for "Garden Wedding". ${link(second.id)}`,
        subjectKey: second.id,
      },
    ]);
    expect((await smsOf(taken)).map((each) => each.kind)).toEqual(['booking-accepted']);
  });

  it('hears of each quote, and the planner of the one accepted; accepting it themselves tells them nothing', async () => {
    const planner = await withPhone({ role: 'planner', username: 'Otieno Conferences' });
    const client = await withPhone({ username: 'Brian' });
    const booking = await pending(client, planner, 52);
    const offer = { price: 200_000, depositPercent: 20, message: 'Lunch included.', expiresInDays: 7 };
    expect((await injectAs(t, planner, 'POST', `/api/bookings/${booking.id}/quote`, offer)).statusCode).toBe(
      200,
    );
    expect(
      (await injectAs(t, planner, 'POST', `/api/bookings/${booking.id}/quote`, { ...offer, price: 180_000 }))
        .statusCode,
    ).toBe(200);
    const received = await smsOf(client);
    expect(received).toEqual([
      {
        kind: 'quote-received',
        message: `Sherehe: Otieno Conferences sent you a quote of Ksh 200,000 for "Garden Wedding". Accept or decline: ${link(booking.id)}`,
        subjectKey: expect.stringMatching(new RegExp(`^${booking.id}:\\d{4}-`)),
      },
      {
        kind: 'quote-received',
        message: expect.stringContaining('a quote of Ksh 180,000'),
        subjectKey: expect.stringMatching(new RegExp(`^${booking.id}:\\d{4}-`)),
      },
    ]);
    expect(received[0]!.subjectKey).not.toBe(received[1]!.subjectKey);

    expect(
      (await injectAs(t, client, 'POST', `/api/bookings/${booking.id}/quote/accept`, {})).statusCode,
    ).toBe(200);
    expect(await smsOf(planner)).toEqual([
      {
        kind: 'quote-accepted',
        message: `Sherehe: Brian accepted your quote of Ksh 180,000 for "Garden Wedding". ${link(booking.id)}`,
        subjectKey: received[1]!.subjectKey,
      },
    ]);
    expect((await smsOf(client)).map((each) => each.kind)).toEqual(['quote-received', 'quote-received']);
  });

  it('hears that a booking payment went through, once per payment', async () => {
    const client = await withPhone();
    const w = await acceptedBooking(t, { client, title: 'Harusi ya Bustani' });
    const payment = await payBySimulator(t, w, 'deposit');
    const expected = `Sherehe: payment of Ksh 3,000 received for "Harusi ya Bustani". Thank you! ${link(w.bookingId)}`;
    expect(await smsOf(client)).toEqual([
      { kind: 'payment-confirmed', message: expected, subjectKey: payment._id },
    ]);
    expect(await sentTo(client.phone)).toEqual([expected]);
  });

  it('hears of an instalment too, never of a plan payment', async () => {
    const client = await withPhone();
    const w = await acceptedBooking(t, { client, title: 'Harusi' });
    const instalment = await createPaymentRow(t.database.db, {
      bookingId: w.bookingId,
      userId: client.id,
      purpose: 'instalment',
      status: 'succeeded',
    });
    const context = { jobs: t.app.jobs, publicUrl: t.url };
    await t.database.db.transaction(async (tx) => {
      await smsPaymentConfirmed(tx, {
        ...context,
        payment: { ...instalment, purpose: 'plan', bookingId: null },
      });
      await smsPaymentConfirmed(tx, { ...context, payment: instalment });
      await smsPaymentConfirmed(tx, { ...context, payment: instalment });
    });
    expect(await smsOf(client)).toEqual([
      {
        kind: 'payment-confirmed',
        message: expect.stringMatching(/^Sherehe: payment of Ksh [\d,]+ received for "Harusi"/),
        subjectKey: instalment.id,
      },
    ]);
  });

  it('is reminded the day before and of the balance, once each, by SMS beside the mails', async () => {
    const planner = await withPhone({ role: 'planner', username: 'Amina Celebrations' });
    const client = await withPhone();
    const booking = await pending(client, planner, 20);
    expect(
      (await injectAs(t, planner, 'PATCH', `/api/bookings/${booking.id}`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    await runDueReminders(t, booking.id, ['event-1d', 'balance-due']);
    await runDueReminders(t, booking.id, ['event-1d', 'balance-due']);
    const sent = (await smsOf(client)).filter((each) => each.kind !== 'booking-accepted');
    expect(sent).toEqual([
      expect.objectContaining({
        kind: expect.stringMatching(/^(event-tomorrow|balance-due)$/),
        subjectKey: `${booking.id}:${booking.eventDate}`,
      }),
      expect.objectContaining({ subjectKey: `${booking.id}:${booking.eventDate}` }),
    ]);
    const byKind = Object.fromEntries(sent.map((each) => [each.kind, each.message]));
    expect(byKind['event-tomorrow']).toBe(
      `Sherehe: "Garden Wedding" with Amina Celebrations is tomorrow. Details: ${link(booking.id)}`,
    );
    // Nothing paid yet: the whole Ksh 250,000 is left (as the mail says), due a week before the event.
    expect(byKind['balance-due']).toMatch(
      /^Sherehe: the balance of Ksh 250,000 for "Garden Wedding" is due on .+\. Pay it here: http/,
    );
    // The planner's reminder is the mail's alone.
    expect((await smsOf(planner)).map((each) => each.kind)).toEqual([]);
  });
});

describe('an unread chat message', () => {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  async function open(user: TestUser) {
    const socket = connectSocket(t.url, { token: user.token });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  async function chat() {
    const planner = await withPhone({ role: 'planner', username: 'Wanjiru Events' });
    const client = await withPhone({ locale: 'sw' });
    const pkg = await newPackage(planner, 'Harusi');
    const booking = await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      eventDate: nairobiDayFromToday(70),
    });
    return { planner, client, bookingId: booking.id };
  }

  const unreadJobs = (bookingId: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, CHAT_UNREAD_SMS_JOB), sql`${jobs.payload}->>'bookingId' = ${bookingId}`));

  /** Ten minutes pass: the booking's waiting jobs come due and the queue runs them. */
  async function tenMinutesLater(bookingId: string) {
    const waiting = await unreadJobs(bookingId);
    for (const job of waiting) {
      expect(job.runAt.getTime() - job.createdAt.getTime()).toBeGreaterThanOrEqual(9.9 * 60_000);
    }
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, CHAT_UNREAD_SMS_JOB), sql`${jobs.payload}->>'bookingId' = ${bookingId}`));
    await t.app.jobs.drain();
  }

  it('still unread after 10 minutes: one SMS to its receiver, however many came in the hour', async () => {
    const { planner, client, bookingId } = await chat();
    const socket = await open(planner);
    for (const content of ['Habari!', 'Are you there?', 'Call me.']) {
      const ack = await emitAck<{ success: boolean }>(socket, 'sendMessage', {
        bookingId,
        receiver: client.id,
        content,
      });
      expect(ack.success).toBe(true);
    }
    // Nothing before the 10 minutes are up.
    expect(await smsOf(client)).toEqual([]);
    expect(await unreadJobs(bookingId)).toHaveLength(1);
    await tenMinutesLater(bookingId);
    const expected = messagesIn('sw').smsNotices.chatUnread('Wanjiru Events', 'Harusi', link(bookingId));
    expect(await smsOf(client)).toEqual([
      {
        kind: 'chat-unread',
        message: expected,
        subjectKey: expect.stringMatching(new RegExp(`^${bookingId}:\\d+$`)),
      },
    ]);
    expect(await sentTo(client.phone)).toEqual([expected]);
    expect(await smsOf(planner)).toEqual([]);
    // The job run again (a retry) sends nothing more.
    await t.database.db
      .update(jobs)
      .set({ status: 'pending', runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, CHAT_UNREAD_SMS_JOB));
    await t.app.jobs.drain();
    expect(await smsOf(client)).toHaveLength(1);
  });

  it('read within the 10 minutes: no SMS', async () => {
    const { planner, client, bookingId } = await chat();
    const clientSocket = await open(client);
    await emitAck(clientSocket, 'sendMessage', { bookingId, receiver: planner.id, content: 'Hello?' });
    const plannerSocket = await open(planner);
    expect(await emitAck(plannerSocket, 'markRead', { bookingId })).toMatchObject({
      success: true,
      marked: 1,
    });
    await tenMinutesLater(bookingId);
    expect(await smsOf(planner)).toEqual([]);
  });
});

describe('the short link', () => {
  it('leads to the booking in the dashboard, and a bad code nowhere', async () => {
    const day = nairobiDayFromToday(120);
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db);
    const pkg = await newPackage(planner);
    const booking = await createBookingRow(t.database.db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      eventDate: day,
    });
    const response = await t.app.inject({ url: `/b/${shortBookingCode(booking.id)}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/dashboard/bookings?day=${day}&booking=${booking.id}`);
    // Signed out, the dashboard sends them through the login and back.
    for (const bad of ['nope', `${shortBookingCode(booking.id)}x`, shortBookingCode(crypto.randomUUID())]) {
      const missing = await t.app.inject({ url: `/b/${bad}` });
      expect(missing.statusCode, bad).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const route = doc.paths['/b/{code}']?.get;
    expect(Object.keys(route?.responses ?? {}).sort()).toEqual(['302', '404']);
    expect(route.parameters).toEqual([expect.objectContaining({ name: 'code', in: 'path', required: true })]);
  });
});
