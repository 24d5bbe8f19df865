import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from '../../../test/build-app';
import {
  createBookingOf,
  createPaymentRow,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '../../../test/factories';
import { freePort } from '../../../test/ports';
import { notificationConsents, phoneVerifications, smsMessages, smsOptOuts, users } from '../../db/schema';
import { until } from '../payments/payments.test-support';
import { sendSmsNotice } from '../sms';

/**
 * Verified phones (docs/notifications.md#verified-phones), through the API: the code goes by the
 * real Africa's Talking client to the simulator on the same server, and is read back from its outbox.
 */
let t: TestContext;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, SIM_CALLBACK_DELAY_MS: '20', JOBS_POLL_MS: '50' });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t?.close());

let counter = 0;
/** A Kenyan number of its own for each test: `local` as people write it, `msisdn` as stored. */
function newNumber() {
  counter += 1;
  const digits = `7${String(Date.now() % 10_000_000).padStart(7, '0')}${counter % 10}`;
  return { local: `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, msisdn: `254${digits}` };
}

const start = (user: TestUser, phone: string) =>
  injectAs(t, user, 'POST', '/api/user/phone/verify/start', { phone });
const verify = (user: TestUser, code: string) =>
  injectAs(t, user, 'POST', '/api/user/phone/verify', { code });

/** The code in the last SMS the simulator received for `to`. */
async function codeSentTo(to: string, count = 1): Promise<string> {
  const read = async () =>
    ((await (await fetch(`${base}/__sim/sms/outbox?to=${to}`)).json()) as { messages: { message: string }[] })
      .messages;
  const messages = await until(read, (list) => list.length >= count);
  const text = messages.at(-1)?.message ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1] ?? 'no code';
}

/** The code of the last row written for `to` (no wait for the simulator). */
async function codeQueuedFor(to: string): Promise<string> {
  const [row] = await t.database.db
    .select({ message: smsMessages.message })
    .from(smsMessages)
    .where(eq(smsMessages.to, to))
    .orderBy(desc(smsMessages.createdAt))
    .limit(1);
  return /\b(\d{6})\b/.exec(row?.message ?? '')?.[1] ?? 'no code';
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /api/user/phone/verify/start and /verify', () => {
  it('sends a 6-digit code by SMS and, given back, verifies the number with consent to SMS', async () => {
    const client = await createUser(t.database.db);
    const { local, msisdn } = newNumber();
    const started = await start(client, local);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      success: true,
      message: 'We sent you a code by SMS. It expires in 10 minutes.',
      phone: msisdn,
      expiresAt: expect.any(String),
    });
    const expiresIn = Date.parse(started.json().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    const code = await codeSentTo(msisdn);
    expect(code).toMatch(/^\d{6}$/);
    const [sms] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, msisdn));
    expect(sms).toMatchObject({
      userId: client.id,
      kind: 'phone-code',
      message: `Your Sherehe code is ${code}. It expires in 10 minutes. Do not share it.`,
    });
    // Stored hashed, never the code itself; its SMS is one message of its own (subject: the row).
    const [row] = await t.database.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.phone, msisdn));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(sms?.subjectKey).toBe(row?.id);

    const verified = await verify(client, ` ${code} `);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      message: 'Your number is verified: SMS notices will go to it.',
      smsPhone: { phone: msisdn, verifiedAt: expect.any(String), stopped: false },
    });
    const user = await userRow(client.id);
    expect(user?.smsPhone).toBe(msisdn);
    expect(user?.smsPhoneVerifiedAt).toBeInstanceOf(Date);
    const consentRows = await t.database.db
      .select()
      .from(notificationConsents)
      .where(eq(notificationConsents.userId, client.id));
    expect(consentRows.map((c) => c.topic).sort()).toEqual(['bookings', 'chat', 'payments', 'reminders']);
    for (const consent of consentRows)
      expect(consent).toMatchObject({
        channel: 'sms',
        granted: true,
        source: 'phone-verified',
        phone: msisdn,
      });

    // The profile answers carry it; the code cannot be used twice.
    const data = await injectAs(t, client, 'GET', '/api/user/data');
    expect(data.json().userData).toMatchObject({ smsPhone: msisdn, smsPhoneVerifiedAt: expect.any(String) });
    const state = await injectAs(t, client, 'GET', '/api/user/phone');
    expect(state.json()).toEqual({
      success: true,
      smsPhone: { phone: msisdn, verifiedAt: expect.any(String), stopped: false },
    });
    const again = await verify(client, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('No code is waiting for your account. Ask for a new code.');
  });

  it('sends the code, and refuses a wrong one, in Kiswahili to a Kiswahili speaker', async () => {
    const mwangi = await createUser(t.database.db, { locale: 'sw' });
    const { msisdn } = newNumber();
    expect((await start(mwangi, msisdn)).statusCode).toBe(200);
    const code = await codeQueuedFor(msisdn);
    const [sms] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, msisdn));
    expect(sms?.message).toBe(`Msimbo wako wa Sherehe ni ${code}. Unaisha baada ya dakika 10. Usimpe mtu.`);
    // And its refusals read in Kiswahili.
    const wrong = await verify(mwangi, wrongOf(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Msimbo huo si sahihi. Angalia SMS ujaribu tena.');
  });

  it('refuses a number that is not a Kenyan mobile one, and a code that is not 6 digits', async () => {
    const client = await createUser(t.database.db);
    for (const phone of ['', '12345', '+1 202 555 0100', '0201 234 567']) {
      const response = await start(client, phone);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'phone', message: expect.stringMatching(/mobile number/) },
      ]);
    }
    const response = await verify(client, '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'code', message: 'Enter the 6-digit code from the SMS.' },
    ]);
  });

  it('counts wrong codes: a 400 each, and the fifth kills the code even for the right one', async () => {
    const client = await createUser(t.database.db);
    const { msisdn } = newNumber();
    await start(client, msisdn);
    const code = await codeQueuedFor(msisdn);
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await verify(client, wrongOf(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'That code is not right. Check the SMS and try again.',
        errors: [{ path: 'code', message: 'That code is not right. Check the SMS and try again.' }],
      });
    }
    const fifth = await verify(client, wrongOf(code));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe(
      'This code no longer works: it expired or was tried 5 times. Ask for a new code.',
    );
    const right = await verify(client, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/no longer works/);
    const [row] = await t.database.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, client.id));
    expect(row?.attempts).toBe(5);
    expect((await userRow(client.id))?.smsPhone).toBeNull();

    // A new code works again.
    await start(client, msisdn);
    expect((await verify(client, await codeQueuedFor(msisdn))).statusCode).toBe(200);
  });

  it('refuses an expired code, and only the last code sent counts', async () => {
    const client = await createUser(t.database.db);
    const { msisdn } = newNumber();
    await start(client, msisdn);
    const first = await codeQueuedFor(msisdn);
    await t.database.db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.userId, client.id));
    const expired = await verify(client, first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      'This code no longer works: it expired or was tried 5 times. Ask for a new code.',
    );
    expect((await userRow(client.id))?.smsPhone).toBeNull();

    await start(client, msisdn);
    const second = await codeQueuedFor(msisdn);
    if (second !== first) expect((await verify(client, first)).statusCode).toBe(400);
    expect((await verify(client, second)).statusCode).toBe(200);
  });

  it('sends at most 3 codes an hour to one account, then 429 with Retry-After', async () => {
    const client = await createUser(t.database.db);
    for (let i = 0; i < 3; i += 1) expect((await start(client, newNumber().msisdn)).statusCode).toBe(200);
    const { msisdn } = newNumber();
    const fourth = await start(client, msisdn);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'At most 3 codes an hour go to one number or one account. Please try again later.',
    });
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, msisdn))).toEqual([]);

    // An hour later the account may ask again.
    await t.database.db
      .update(phoneVerifications)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(phoneVerifications.userId, client.id));
    expect((await start(client, msisdn)).statusCode).toBe(200);
  });

  it('sends at most 3 codes an hour to one number, whichever accounts ask', async () => {
    const { msisdn } = newNumber();
    for (let i = 0; i < 3; i += 1) {
      const someone = await createUser(t.database.db);
      expect((await start(someone, msisdn)).statusCode).toBe(200);
    }
    const fourth = await start(await createUser(t.database.db), msisdn);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, msisdn))).toHaveLength(3);
  });

  it('refuses a number another live account has verified (409), at start and at verify', async () => {
    const first = await createUser(t.database.db);
    const second = await createUser(t.database.db);
    const { msisdn } = newNumber();
    // Both ask before either verifies; the first to verify keeps it.
    await start(second, msisdn);
    const secondCode = await codeQueuedFor(msisdn);
    await start(first, msisdn);
    expect((await verify(first, await codeQueuedFor(msisdn))).statusCode).toBe(200);

    const late = await verify(second, secondCode);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This number is already verified on another Sherehe account.',
    });
    const taken = await start(second, msisdn);
    expect(taken.statusCode).toBe(409);
    expect((await userRow(second.id))?.smsPhone).toBeNull();
  });

  it('answers 401 without a session', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/user/phone', undefined],
      ['POST', '/api/user/phone/verify/start', { phone: '0712345678' }],
      ['POST', '/api/user/phone/verify', { code: '123456' }],
      ['DELETE', '/api/user/phone', undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

/** A notice by SMS to the user, as the notices send them: the message's id, or undefined when none went. */
const noticeTo = (userId: string, subjectKey: string) =>
  t.database.db.transaction((tx) =>
    sendSmsNotice(tx, t.app.jobs, {
      userId,
      kind: 'booking-accepted',
      subjectKey,
      text: () => 'Your booking is accepted.',
    }),
  );

/** Verifies a fresh number for `user`; the number. */
async function verifyNumber(user: TestUser): Promise<string> {
  const { msisdn } = newNumber();
  await start(user, msisdn);
  const response = await verify(user, await codeQueuedFor(msisdn));
  expect(response.statusCode).toBe(200);
  return msisdn;
}

describe('DELETE /api/user/phone, STOP and what is sent', () => {
  it('removes the number, records the withdrawal, and sends nothing more', async () => {
    const client = await createUser(t.database.db);
    const msisdn = await verifyNumber(client);
    const removed = await injectAs(t, client, 'DELETE', '/api/user/phone');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      success: true,
      message: 'Your number was removed: no SMS will be sent to you.',
      smsPhone: { phone: null, verifiedAt: null, stopped: false },
    });
    expect(await userRow(client.id)).toMatchObject({ smsPhone: null, smsPhoneVerifiedAt: null });
    const withdrawn = await t.database.db
      .select()
      .from(notificationConsents)
      .where(and(eq(notificationConsents.userId, client.id), eq(notificationConsents.granted, false)));
    expect(withdrawn).toHaveLength(4);
    for (const row of withdrawn)
      expect(row).toMatchObject({ channel: 'sms', source: 'profile', phone: msisdn });

    const queued = await noticeTo(client.id, 'removed');
    expect(queued).toBeUndefined();
  });

  it('only a verified number receives: a number asked for but not verified gets no notice', async () => {
    const client = await createUser(t.database.db);
    const { msisdn } = newNumber();
    await start(client, msisdn);
    const queued = await noticeTo(client.id, 'unverified');
    expect(queued).toBeUndefined();
    const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, msisdn));
    expect(rows.map((row) => row.kind)).toEqual(['phone-code']);

    // Verified, it does.
    await verify(client, await codeQueuedFor(msisdn));
    const sent = await noticeTo(client.id, 'verified');
    expect(sent).toEqual(expect.any(String));
  });

  it('shows a number that replied STOP as stopped', async () => {
    const client = await createUser(t.database.db);
    const msisdn = await verifyNumber(client);
    await t.database.db.insert(smsOptOuts).values({ phone: msisdn, keyword: 'STOP' });
    const state = await injectAs(t, client, 'GET', '/api/user/phone');
    expect(state.json().smsPhone).toEqual({ phone: msisdn, verifiedAt: expect.any(String), stopped: true });
  });

  it('a number that replied STOP still gets the code it asks for, and verifying it turns SMS back on', async () => {
    const client = await createUser(t.database.db);
    const msisdn = await verifyNumber(client);
    // STOP by reply: the opt-out and every SMS switch off.
    const inbound = await fetch(`${base}/__sim/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: msisdn, text: 'STOP' }),
    });
    expect(inbound.status).toBe(200);
    const stopped = await injectAs(t, client, 'GET', '/api/user/notifications');
    expect(stopped.json()).toMatchObject({ smsStopped: true, notifications: { sms: { bookings: false } } });

    expect((await start(client, msisdn)).statusCode).toBe(200);
    const code = await codeSentTo(msisdn, 2);
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify(client, code)).statusCode).toBe(200);
    const again = await injectAs(t, client, 'GET', '/api/user/notifications');
    expect(again.json()).toMatchObject({
      smsStopped: false,
      notifications: { sms: { bookings: true, payments: true, reminders: true, chat: true } },
    });
    expect(await noticeTo(client.id, 'after-stop')).toEqual(expect.any(String));
  });
});

describe('the account copy and deletion', () => {
  it('exports the verified number and its consent records', async () => {
    const client = await createUser(t.database.db);
    const msisdn = await verifyNumber(client);
    const response = await injectAs(t, client, 'GET', '/api/user/me/export');
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.user).toMatchObject({ smsPhone: msisdn, smsPhoneVerifiedAt: expect.any(String) });
    expect(data.notificationConsents).toHaveLength(4);
    expect(data.notificationSettings).toMatchObject({
      locale: 'en',
      sms: { bookings: true, payments: true, reminders: true, chat: true },
      email: { bookings: true },
    });
    expect(data.smsMessages).toEqual([
      {
        kind: 'phone-code',
        to: msisdn,
        message: expect.stringMatching(/\d{6}/),
        status: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
    expect(data.notificationConsents[0]).toEqual({
      channel: 'sms',
      topic: expect.any(String),
      granted: true,
      source: 'phone-verified',
      phone: msisdn,
      createdAt: expect.any(String),
    });
  });

  it('deletion blanks the number and the codes; the consent records stay without it', async () => {
    const client = await createUser(t.database.db);
    const planner = await createUser(t.database.db, { role: 'planner' });
    // A payment keeps the account, anonymised.
    const { booking } = await createBookingOf(t.database.db, client, planner, { status: 'completed' });
    await createPaymentRow(t.database.db, { bookingId: booking.id, userId: client.id, status: 'succeeded' });
    await verifyNumber(client);
    const response = await injectAs(t, client, 'DELETE', '/api/user/me', { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(await userRow(client.id)).toMatchObject({
      smsPhone: null,
      smsPhoneVerifiedAt: null,
      deletedAt: expect.any(Date),
    });
    expect(
      await t.database.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, client.id)),
    ).toEqual([]);
    const kept = await t.database.db
      .select()
      .from(notificationConsents)
      .where(eq(notificationConsents.userId, client.id));
    expect(kept).toHaveLength(4);
    for (const row of kept) expect(row.phone).toBeNull();
    // The code SMS stays as a record of what was sent, without the number or the words.
    const sent = await t.database.db.select().from(smsMessages).where(eq(smsMessages.userId, client.id));
    expect(sent.map((row) => row.kind)).toEqual(['phone-code']);
    for (const row of sent) expect(row).toMatchObject({ to: '', message: '' });
  });
});
