import type { Lang } from '@sherehe/shared/i18n';
import { calendarMessages as swCalendar } from '@sherehe/shared/messages/sw/calendar';
import { mailMessages as swMail } from '@sherehe/shared/messages/sw/mail';
import { receiptsMessages as swReceipts } from '@sherehe/shared/messages/sw/receipts';
import { describe, expect, it } from 'vitest';
import { injectAs, useStarted, useTestApp } from './build-app';
import { nairobiDayFromToday } from './dates';
import { createBookingOf, createPackage, createPaymentRow, createUser, type TestUser } from './factories';
import { runDueReminders } from './reminders';
import { decodeQuotedPrintable, startSmtpServer } from './smtp';

/** Emails go out in their recipient's language (docs/languages.md#languages), whoever's request sent them. */

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sherehe <bookings@sherehe.test>' }));

/** A day as Intl writes it in Kenya's Kiswahili or English, worked out here, not by the server's code. */
function dayIn(lang: Lang, day: string): string {
  return new Intl.DateTimeFormat(lang === 'sw' ? 'sw-KE' : 'en-KE', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A mail's readable text: its body decoded, the lines a long paragraph was folded into joined. */
const textOf = (raw: string) => decodeQuotedPrintable(raw);

async function bookAndAccept(client: TestUser, planner: TestUser, title: string, daysAhead: number) {
  const pkg = await createPackage(t.database.db, { plannerId: planner.id, title });
  const day = nairobiDayFromToday(daysAhead);
  const created = await injectAs(t, client, 'POST', '/api/bookings/create', {
    package: pkg.id,
    planner: planner.id,
    date: day,
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().booking._id as string;
  const accepted = await injectAs(t, planner, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' });
  expect(accepted.statusCode).toBe(200);
  return { day, id };
}

describe('the booking-accepted mail', () => {
  it("is in Kiswahili for a client whose locale is 'sw', with the day as Intl writes it in sw-KE", async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db, { planId: 'enterprise', locale: 'sw', username: 'Amina' });
    const { day } = await bookAndAccept(client, planner, 'Harusi ya Bustani', 40);
    const subject = swMail.bookingStatusSubject('Harusi ya Bustani', 'accepted');
    expect(subject).toBe('Nafasi yako ya Harusi ya Bustani imekubaliwa');
    const mail = await smtp.waitFor(client.email, /^Nafasi yako ya Harusi ya Bustani imekubaliwa$/);
    const text = textOf(mail.raw);
    const swDay = dayIn('sw', day);
    // 'Jumamosi, 5 Des 2026': Kiswahili day and month names.
    expect(swDay).not.toBe(dayIn('en', day));
    expect(text).toContain('Habari Amina,');
    expect(text).toContain(`Nafasi yako ya "Harusi ya Bustani" tarehe ${swDay} sasa imekubaliwa.`);
    expect(text).toContain('<html lang="sw">');
    expect(text).toContain(swMail.footer);
    expect(text).toContain(swMail.openBookings);
    expect(text).not.toContain('Hello');
  });

  it('stays in English, word for word, for an English client', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db, { planId: 'enterprise', username: 'Grace' });
    const { day } = await bookAndAccept(client, planner, 'Garden Party', 41);
    const mail = await smtp.waitFor(client.email, /^Your booking of Garden Party is accepted$/);
    const text = textOf(mail.raw);
    expect(text).toContain('Hello Grace,');
    expect(text).toContain(`Your booking of "Garden Party" for ${dayIn('en', day)} is now accepted.`);
    expect(text).toContain('<html lang="en">');
    expect(text).toContain('Sherehe: event planning in Kenya.');
    expect(text).toContain('Open your bookings');
  });

  it("follows the recipient's language, not the language of the request that sent it", async () => {
    const planner = await createUser(t.database.db, {
      role: 'planner',
      locale: 'sw',
      username: 'Mratibu Juma',
    });
    const client = await createUser(t.database.db, { planId: 'enterprise', username: 'Kevin' });
    const pkg = await createPackage(t.database.db, { plannerId: planner.id, title: 'Sherehe ya Mtoto' });
    const day = nairobiDayFromToday(42);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: { ...client.headers, cookie: 'lang=en' },
      payload: { package: pkg.id, planner: planner.id, date: day, message: 'Wageni 40' },
    });
    expect(created.statusCode).toBe(201);
    const mail = await smtp.waitFor(planner.email, /^Ombi jipya la nafasi: Sherehe ya Mtoto$/);
    const text = textOf(mail.raw);
    expect(text).toContain('Habari Mratibu Juma,');
    expect(text).toContain(`Kevin angependa kuweka nafasi ya "Sherehe ya Mtoto" tarehe ${dayIn('sw', day)}.`);
    expect(text).toContain('Ujumbe wake: Wageni 40');
  });
});

/** Checks that a mail's text holds each of `parts`. */
function expectToContainAll(text: string, parts: string[]) {
  for (const part of parts) expect(text).toContain(part);
}

/** Makes one of a booking's reminders due now and runs the queue. */
const runReminder = (bookingId: string, kind: string) => runDueReminders(t, bookingId, [kind]);

describe('reminders', () => {
  it('reach a Kiswahili planner in Kiswahili', async () => {
    const planner = await createUser(t.database.db, { role: 'planner', locale: 'sw', username: 'Wanjiru' });
    const client = await createUser(t.database.db, { planId: 'enterprise', username: 'Otieno' });
    const pkg = await createPackage(t.database.db, { plannerId: planner.id, title: 'Ruracio' });
    const day = nairobiDayFromToday(20);
    const created = await injectAs(t, client, 'POST', '/api/bookings/create', {
      package: pkg.id,
      planner: planner.id,
      date: day,
    });
    await runReminder(created.json().booking._id as string, 'request-unanswered');
    const subject = swCalendar.reminderRequestSubject('Ruracio');
    const mail = await smtp.waitFor(planner.email, new RegExp(`^${subject}$`));
    const text = textOf(mail.raw);
    expectToContainAll(text, [
      ...swCalendar.reminderRequestText({
        name: 'Wanjiru',
        title: 'Ruracio',
        day: dayIn('sw', day),
        client: 'Otieno',
      }),
      '<html lang="sw">',
    ]);
  });

  it('of an event reach each party in their own language: a Kiswahili client, an English planner', async () => {
    const planner = await createUser(t.database.db, { role: 'planner', username: 'Njeri' });
    const client = await createUser(t.database.db, {
      planId: 'enterprise',
      locale: 'sw',
      username: 'Baraka',
    });
    const { day, id } = await bookAndAccept(client, planner, 'Pete ya Uchumba', 21);
    await runReminder(id, 'event-1d');
    // Run early, the 1-day reminder counts the days still ahead.
    const swSubject = swCalendar.reminderEventSubject('Pete ya Uchumba', 21);
    expect(swSubject).toBe('Kikumbusho: Pete ya Uchumba ni baada ya siku 21');
    const swText = textOf((await smtp.waitFor(client.email, new RegExp(`^${swSubject}$`))).raw);
    expectToContainAll(swText, [
      ...swCalendar.reminderEventText({
        name: 'Baraka',
        title: 'Pete ya Uchumba',
        day: dayIn('sw', day),
        otherParty: 'Njeri',
      }),
      swCalendar.openBookings,
    ]);
    expect(swText).toContain('<html lang="sw">');

    const enText = textOf(
      (await smtp.waitFor(planner.email, /^Reminder: Pete ya Uchumba is in 21 days$/)).raw,
    );
    expect(enText).toContain(`"Pete ya Uchumba" with Baraka is on ${dayIn('en', day)}.`);
    expect(enText).toContain('<html lang="en">');
  });
});

describe('the printable receipt', () => {
  it("is in the request's language", async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db);
    const { booking } = await createBookingOf(t.database.db, client, planner, {
      status: 'accepted',
      eventDate: nairobiDayFromToday(50),
    });
    const payment = await createPaymentRow(t.database.db, {
      bookingId: booking.id,
      userId: client.id,
      status: 'succeeded',
      amount: 12500,
    });
    const page = (headers: Record<string, string>) =>
      t.app.inject({
        url: `/api/payments/${payment.id}/receipt`,
        headers: { ...client.headers, ...headers },
      });

    // The lang cookie (the web app's switch) goes before the English reader's own locale.
    const swahili = await page({ cookie: 'lang=sw' });
    expect(swahili.statusCode).toBe(200);
    expect(swahili.body).toContain('<html lang="sw">');
    expect(swahili.body).toContain(`<h1>${swReceipts.title}</h1>`);
    expect(swahili.body).toContain(swReceipts.labels.paidAt);
    expect(swahili.body).toContain(dayIn('sw', booking.eventDate!));
    expect(swahili.body).toContain('Ksh 12,500');

    const english = await page({ 'accept-language': 'sw' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Receipt</h1>');
    expect(english.body).toContain(dayIn('en', booking.eventDate!));
  });
});
