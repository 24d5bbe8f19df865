import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useStarted, useTestApp } from '../../../test/build-app';
import { addDays, nairobiDayFromToday } from '../../../test/dates';
import { createPackage, createUser, type TestUser } from '../../../test/factories';
import { runDueReminders } from '../../../test/reminders';
import { startSmtpServer } from '../../../test/smtp';
import { bookings, jobs, payments } from '../../db/schema';

/**
 * Reminders by email through the job queue (docs/bookings-and-calendar.md#reminders). The jobs are scheduled by the API calls
 * that make them necessary; the test makes them due by moving their run_at, never by waiting, and
 * counts the mails a real SMTP server receives.
 */

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

function call(user: TestUser, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...user.headers } });
}

/** A client's request, made through the API, for a planner's package on a day `daysAhead` from today. */
async function request(daysAhead: number, price = 10_000) {
  const db = t.database.db;
  const planner = await createUser(db, { role: 'planner' });
  const client = await createUser(db, { role: 'client', planId: 'enterprise' });
  const pkg = await createPackage(db, { plannerId: planner.id, title: `Sherehe ${client.username}`, price });
  const day = nairobiDayFromToday(daysAhead);
  const response = await call(client, {
    method: 'POST',
    url: '/api/bookings/create',
    payload: { package: pkg.id, planner: planner.id, date: day },
  });
  expect(response.statusCode).toBe(201);
  return { planner, client, pkg, day, id: response.json().booking._id as string };
}

function setStatus(user: TestUser, id: string, status: string) {
  return call(user, { method: 'PATCH', url: `/api/bookings/${id}`, payload: { status } });
}

async function remindersOf(bookingId: string) {
  return t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'booking-reminder'), sql`${jobs.payload}->>'bookingId' = ${bookingId}`));
}

/** Makes a booking's reminders due now and runs the queue until nothing is left. */
const runReminders = (bookingId: string, kinds?: string[]) => runDueReminders(t, bookingId, kinds);

const REMINDER_SUBJECT = /^(Reminder: |A booking request is waiting|Deposit due|Balance due soon)/;
const remindersTo = (email: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(email) && REMINDER_SUBJECT.test(mail.subject))
    .map((m) => m.subject);

/** 09:00 in Nairobi on a day, as the reminders are timed. */
/** Runs the booking's reminders and checks that none reached `users`. */
async function expectNothingSent(bookingId: string, ...users: TestUser[]) {
  await runReminders(bookingId);
  for (const user of users) expect(remindersTo(user.email)).toEqual([]);
}

const nineInNairobi = (day: string) => new Date(`${day}T06:00:00.000Z`);

describe('a request left unanswered', () => {
  it('is recalled to its planner 24 hours after it was made', async () => {
    const { planner, client, pkg, id } = await request(30);
    const [job] = await remindersOf(id);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(job).toMatchObject({ status: 'pending', payload: { kind: 'request-unanswered' } });
    expect(job!.runAt.getTime()).toBe(booking!.createdAt.getTime() + 24 * 3_600_000);

    await runReminders(id);
    expect(remindersTo(planner.email)).toEqual([
      `A booking request is waiting for your answer: ${pkg.title}`,
    ]);
    const mail = smtp.received.find((m) => m.to.includes(planner.email) && /waiting/.test(m.subject))!;
    expect(mail.raw).toContain(client.username);
    expect(remindersTo(client.email)).toEqual([]);
  });

  it('is not recalled once answered or cancelled', async () => {
    for (const status of ['rejected', 'accepted', 'cancelled'] as const) {
      const { planner, client, id } = await request(31);
      const actor = status === 'cancelled' ? client : planner;
      expect((await setStatus(actor, id, status)).statusCode).toBe(200);
      await runReminders(id, ['request-unanswered']);
      expect(remindersTo(planner.email), status).toEqual([]);
    }
  });
});

describe('an accepted event', () => {
  it('is recalled to both parties 7 days and 1 day before, and the client of the deposit and the balance, at 09:00 Nairobi', async () => {
    const { planner, client, pkg, day, id } = await request(30);
    expect((await setStatus(planner, id, 'accepted')).statusCode).toBe(200);
    const today = nairobiDayFromToday(0);
    const scheduled = Object.fromEntries(
      (await remindersOf(id)).map((job) => [(job.payload as { kind: string }).kind, job]),
    );
    expect(Object.keys(scheduled).sort()).toEqual(
      ['balance-due', 'deposit-due', 'event-1d', 'event-7d', 'request-unanswered'].sort(),
    );
    expect(scheduled['event-7d']!.runAt).toEqual(nineInNairobi(addDays(day, -7)));
    expect(scheduled['event-1d']!.runAt).toEqual(nineInNairobi(addDays(day, -1)));
    expect(scheduled['deposit-due']!.runAt).toEqual(nineInNairobi(addDays(today, 2)));
    expect(scheduled['balance-due']!.runAt).toEqual(nineInNairobi(addDays(day, -10)));
    expect(scheduled['event-7d']!.uniqueKey).toBe(`reminder:${id}:event-7d:${day}`);

    await runReminders(id);
    expect(remindersTo(client.email).sort()).toEqual(
      [
        `Balance due soon: ${pkg.title}`,
        `Deposit due: ${pkg.title}`,
        `Reminder: ${pkg.title} is in 30 days`,
        `Reminder: ${pkg.title} is in 30 days`,
      ].sort(),
    );
    // The request was answered before its reminder came: the planner hears only of the event.
    expect(remindersTo(planner.email)).toEqual([
      `Reminder: ${pkg.title} is in 30 days`,
      `Reminder: ${pkg.title} is in 30 days`,
    ]);
    const deposit = smtp.received.find((m) => m.to.includes(client.email) && /Deposit due/.test(m.subject))!;
    // 30% of Ksh 10,000; the balance is the rest.
    expect(deposit.raw).toContain('Ksh 3,000');
    const balance = smtp.received.find((m) => m.to.includes(client.email) && /Balance due/.test(m.subject))!;
    expect(balance.raw).toContain('Ksh 10,000');
  });

  it('sends nothing once cancelled', async () => {
    const { planner, client, id } = await request(30);
    expect((await setStatus(planner, id, 'accepted')).statusCode).toBe(200);
    expect((await setStatus(client, id, 'cancelled')).statusCode).toBe(200);
    await expectNothingSent(id, client, planner);
  });

  it('sends nothing for a booking whose day moved since', async () => {
    const { planner, client, day, id } = await request(30);
    expect((await setStatus(planner, id, 'accepted')).statusCode).toBe(200);
    await t.database.db
      .update(bookings)
      .set({ eventDate: addDays(day, 7) })
      .where(eq(bookings.id, id));
    await expectNothingSent(id, client, planner);
  });

  it('does not recall a deposit or a balance already paid', async () => {
    const { planner, client, pkg, id } = await request(30);
    expect((await setStatus(planner, id, 'accepted')).statusCode).toBe(200);
    const paid = (purpose: 'deposit' | 'balance', amount: number) =>
      t.database.db.insert(payments).values({
        bookingId: id,
        userId: client.id,
        purpose,
        method: 'mpesa',
        amount,
        status: 'succeeded',
        receipt: `R${purpose}${id.slice(0, 8)}`,
      });
    await paid('deposit', 3000);
    await runReminders(id, ['deposit-due']);
    expect(remindersTo(client.email)).toEqual([]);
    await paid('balance', 7000);
    await runReminders(id, ['balance-due']);
    expect(remindersTo(client.email)).toEqual([]);
    // The event's own reminders still come.
    await runReminders(id, ['event-7d']);
    expect(remindersTo(client.email)).toEqual([`Reminder: ${pkg.title} is in 30 days`]);
  });

  it('names what is left of the balance once parts of it are paid, and says nothing once all of it is', async () => {
    const { planner, client, pkg, id } = await request(30);
    expect((await setStatus(planner, id, 'accepted')).statusCode).toBe(200);
    const paid = (purpose: 'deposit' | 'instalment', amount: number, n: number) =>
      t.database.db.insert(payments).values({
        bookingId: id,
        userId: client.id,
        purpose,
        method: 'card',
        amount,
        status: 'succeeded',
        receipt: `R${n}${id.slice(0, 8)}`,
      });
    await paid('deposit', 3000, 1);
    await paid('instalment', 2500.5, 2);
    await runReminders(id, ['balance-due']);
    expect(remindersTo(client.email)).toEqual([`Balance due soon: ${pkg.title}`]);
    const mail = smtp.received.find((m) => m.to.includes(client.email) && /Balance due/.test(m.subject))!;
    expect(mail.raw).toContain('Ksh 4,499.50 is left to pay');
    expect(mail.raw).not.toContain('Ksh 7,000');

    // The rest in a part of its own: nothing is left, so a reminder due again sends nothing.
    const other = await request(31);
    expect((await setStatus(other.planner, other.id, 'accepted')).statusCode).toBe(200);
    await t.database.db.insert(payments).values([
      {
        bookingId: other.id,
        userId: other.client.id,
        purpose: 'deposit',
        method: 'card',
        amount: 3000,
        status: 'succeeded',
        receipt: `R3${other.id.slice(0, 8)}`,
      },
      {
        bookingId: other.id,
        userId: other.client.id,
        purpose: 'instalment',
        method: 'card',
        amount: 7000,
        status: 'succeeded',
        receipt: `R4${other.id.slice(0, 8)}`,
      },
    ]);
    await runReminders(other.id, ['balance-due']);
    expect(remindersTo(other.client.email)).toEqual([]);
  });

  it('accepted 9 days ahead: the balance is recalled once, before the day it is due', async () => {
    const { planner, client, pkg, day, id } = await request(9);
    const acceptedAt = Date.now();
    expect((await setStatus(planner, id, 'accepted')).statusCode).toBe(200);
    // 3 days before the balance's due day (7 days before the event) had passed already.
    const dueOn = addDays(day, -7);
    const jobsOf = await remindersOf(id);
    const balance = jobsOf.filter((job) => (job.payload as { kind: string }).kind === 'balance-due');
    expect(balance).toHaveLength(1);
    expect(balance[0]!.uniqueKey).toBe(`reminder:${id}:balance-due:${day}`);
    expect(balance[0]!.runAt.getTime()).toBeGreaterThanOrEqual(acceptedAt - 1000);
    // Before the due day begins in Nairobi.
    expect(balance[0]!.runAt.getTime()).toBeLessThan(new Date(`${dueOn}T00:00:00+03:00`).getTime());

    await runReminders(id, ['balance-due']);
    await runReminders(id, ['balance-due']);
    expect(remindersTo(client.email)).toEqual([`Balance due soon: ${pkg.title}`]);
    const mail = smtp.received.find((m) => m.to.includes(client.email) && /Balance due/.test(m.subject))!;
    expect(mail.raw).toContain('Ksh 10,000');
  });

  it('is close: only the reminders still ahead are scheduled', async () => {
    const { planner, id } = await request(5);
    expect((await setStatus(planner, id, 'accepted')).statusCode).toBe(200);
    const kinds = (await remindersOf(id)).map((job) => (job.payload as { kind: string }).kind).sort();
    expect(kinds).toEqual(['deposit-due', 'event-1d', 'request-unanswered']);
  });
});
