import { MESSAGES } from '@sherehe/shared/messages';
import { mailMessages as swMail } from '@sherehe/shared/messages/sw/mail';
import type { ContactMessage } from '@sherehe/shared/schemas/contact';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useStarted, useTestApp } from '../../../test/build-app';
import { createUser, type TestUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import { contactMessages, jobs, users } from '../../db/schema';

/** Admins handle the messages sent to the team: marked handled, or answered by email through the job queue. */
let admin: TestUser;

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sherehe <team@sherehe.test>' }));
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin', username: 'Neema Admin' });
});

async function messageFrom(
  sender: TestUser | null,
  text: string,
  email = `writer-${Math.random()}@example.test`,
) {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({ userId: sender?.id ?? null, name: sender?.username ?? 'Former User', email, message: text })
    .returning();
  return row!;
}

const stored = async (id: string) =>
  (await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;

const answer = (user: TestUser, id: string, message: string) =>
  injectAs(t, user, 'POST', `/api/messages/${id}/answer`, { message });
const markHandled = (user: TestUser, id: string, payload: unknown = { handled: true }) =>
  injectAs(t, user, 'PATCH', `/api/messages/${id}`, payload as object);
const list = async (query = '') => {
  const response = await t.app.inject({ url: `/api/messages${query}`, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return response.json().messages as ContactMessage[];
};

describe('an admin answers a contact message', () => {
  it('mails the answer in the sender’s language through the queue, and the message shows handled by whom and when', async () => {
    const sender = await createUser(t.database.db, { role: 'client', username: 'Amina', locale: 'sw' });
    const row = await messageFrom(sender, 'Je, mnapanga harusi Mombasa?', 'amina.reply@example.test');
    const before = Date.now();
    const response = await answer(admin, row.id, 'Ndiyo, waratibu wetu wanafanya kazi Mombasa.');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: {
        _id: row.id,
        answer: 'Ndiyo, waratibu wetu wanafanya kazi Mombasa.',
        handledBy: { username: 'Neema Admin' },
      },
    });
    const handledAt = Date.parse(response.json().data.handledAt);
    expect(handledAt).toBeGreaterThanOrEqual(before - 1000);

    const mail = await smtp.waitFor(
      'amina.reply@example.test',
      new RegExp(`^${swMail.contactAnswerSubject}$`),
    );
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain('Habari Amina,');
    expect(text).toContain('Ndiyo, waratibu wetu wanafanya kazi Mombasa.');
    expect(text).toContain(swMail.yourMessage('Je, mnapanga harusi Mombasa?'));
    expect(text).toContain('<html lang="sw">');
    // It went through the job queue, like every mail.
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(queued.some((job) => (job.payload as { to?: string }).to === 'amina.reply@example.test')).toBe(
      true,
    );

    const [first] = await list('?state=handled');
    expect(first).toMatchObject({ _id: row.id, handledBy: { _id: admin.id } });
  });

  it('writes in English to a sender without an account any more', async () => {
    const row = await messageFrom(null, 'Where are you based?', 'gone.reply@example.test');
    expect((await answer(admin, row.id, 'In Nairobi.')).statusCode).toBe(200);
    const mail = await smtp.waitFor(
      'gone.reply@example.test',
      new RegExp(`^${MESSAGES.mail.contactAnswerSubject}$`),
    );
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain('Hello Former User,');
    expect(text).toContain('In Nairobi.');
  });

  it('answers once: a second answer is refused with 409 and sends nothing; an empty answer is a 400', async () => {
    const sender = await createUser(t.database.db, { role: 'planner' });
    const row = await messageFrom(sender, 'How do payouts work?');
    const empty = await answer(admin, row.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect((await stored(row.id)).handledAt).toBeNull();
    expect((await answer(admin, row.id, 'Every Friday.')).statusCode).toBe(200);
    const other = await createUser(t.database.db, { role: 'admin' });
    const again = await answer(other, row.id, 'On Fridays.');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.contact.alreadyAnswered);
    const after = await stored(row.id);
    expect(after.answer).toBe('Every Friday.');
    expect(after.handledBy).toBe(admin.id);
    const mails = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mails.filter((job) => (job.payload as { to?: string }).to === row.email)).toHaveLength(1);
  });

  it('refuses clients and planners with 403 and changes nothing; an unknown message is a 404', async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    const planner = await createUser(t.database.db, { role: 'planner' });
    const row = await messageFrom(client, 'Hello team');
    for (const user of [client, planner]) {
      expect((await answer(user, row.id, 'I answer myself')).statusCode).toBe(403);
      expect((await markHandled(user, row.id)).statusCode).toBe(403);
    }
    const unchanged = await stored(row.id);
    expect(unchanged).toMatchObject({ handledAt: null, handledBy: null, answer: null });
    const mails = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mails.filter((job) => (job.payload as { to?: string }).to === row.email)).toHaveLength(0);
    expect((await answer(admin, '00000000-0000-4000-8000-000000000000', 'Hi')).statusCode).toBe(404);
    expect((await markHandled(admin, 'not-an-id')).statusCode).toBe(404);
  });
});

describe('an admin marks a contact message handled without answering', () => {
  it('records who and when, keeps the first admin on a second mark, and refuses anything but handled: true', async () => {
    const sender = await createUser(t.database.db, { role: 'client' });
    const row = await messageFrom(sender, 'Thanks, all sorted now.');
    expect((await markHandled(admin, row.id, { handled: false })).statusCode).toBe(400);
    expect((await stored(row.id)).handledAt).toBeNull();

    const marked = await markHandled(admin, row.id);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      message: MESSAGES.contact.markedHandled,
      data: { answer: null, handledBy: { _id: admin.id, username: 'Neema Admin' } },
    });
    const first = await stored(row.id);
    const other = await createUser(t.database.db, { role: 'admin' });
    expect((await markHandled(other, row.id)).statusCode).toBe(200);
    expect(await stored(row.id)).toEqual(first);
  });

  it('lists the open messages first, newest first, and filters by handled or not', async () => {
    const sender = await createUser(t.database.db, { role: 'client' });
    const older = await messageFrom(sender, 'older open');
    const handled = await messageFrom(sender, 'handled one');
    const newer = await messageFrom(sender, 'newer open');
    await t.database.db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(contactMessages.id, older.id));
    expect((await markHandled(admin, handled.id)).statusCode).toBe(200);

    const all = (await list('?limit=100')).map((message) => message._id);
    const firstHandled = all.indexOf(handled.id);
    const openIds = (await list('?state=unhandled&limit=100')).map((message) => message._id);
    expect(all.slice(0, openIds.length)).toEqual(openIds);
    expect(firstHandled).toBeGreaterThanOrEqual(openIds.length);
    expect(openIds.indexOf(newer.id)).toBeLessThan(openIds.indexOf(older.id));
    expect(openIds).not.toContain(handled.id);
    const handledIds = (await list('?state=handled&limit=100')).map((message) => message._id);
    expect(handledIds).toContain(handled.id);
    expect(handledIds).not.toContain(newer.id);
    const bad = await t.app.inject({ url: '/api/messages?state=done', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the message when the admin who handled it leaves: handled, by nobody named', async () => {
    const leaving = await createUser(t.database.db, { role: 'admin' });
    const row = await messageFrom(null, 'Anyone there?');
    expect((await markHandled(leaving, row.id)).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, leaving.id));
    const [listed] = (await list('?state=handled&limit=100')).filter((message) => message._id === row.id);
    expect(listed).toMatchObject({ handledBy: null });
    expect(listed?.handledAt).toEqual(expect.any(String));
  });
});
