import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from '../../../test/build-app';
import { createUser, type TestUser } from '../../../test/factories';
import { freePort } from '../../../test/ports';
import type { Queryable } from '../../db/client';
import { jobs, notificationConsents, smsMessages, users } from '../../db/schema';
import { JobQueue } from '../../jobs/job-queue';
import { createSmsClient } from '../../sms/africas-talking-client';
import { until } from '../payments/payments.test-support';
import { nairobiDayStart, quietHoursEnd } from './quiet-hours';
import { SMS_SEND_JOB, type SmsNotice, type SmsSendPayload, sendSmsNotice, smsSendJob } from './sms.service';

/**
 * The rules of the send path: the topic's switch, quiet hours (21:00-07:00 Nairobi here), the daily
 * limit and STOP. Every moment is fixed (`now`), on days long past; the app's own worker is stopped,
 * and the tries are run by a job handler with a fixed clock, through the real client to the simulator.
 */
let t: TestContext;
let base: string;
const QUIET = { startMinute: 21 * 60, endMinute: 7 * 60 };
/** 2026-03-10 at hh:mm on Nairobi clocks (UTC+3). */
const nairobi = (time: string, day = '2026-03-10') => new Date(`${day}T${time}:00+03:00`);

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, SIM_CALLBACK_DELAY_MS: '20', SMS_QUIET_HOURS: '21:00-07:00' });
  await t.app.jobs.stop();
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t?.close());

let counter = 0;
async function userWithPhone(): Promise<TestUser & { phone: string }> {
  counter += 1;
  const phone = `2547${String(Date.now() % 100_000).padStart(5, '0')}${String(counter).padStart(3, '0')}`;
  const user = await createUser(t.database.db);
  await t.database.db
    .update(users)
    .set({ smsPhone: phone, smsPhoneVerifiedAt: new Date() })
    .where(eq(users.id, user.id));
  return { ...user, phone };
}
const notice = (userId: string, input: Partial<SmsNotice> = {}): SmsNotice => ({
  userId,
  kind: 'booking-accepted',
  subjectKey: `booking-${counter}`,
  text: () => 'Your booking is accepted: sherehe.test/b/1',
  ...input,
});
const send = (input: SmsNotice) => t.database.db.transaction((tx) => sendSmsNotice(tx, t.app.jobs, input));
const jobOf = async (smsId: string) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `${SMS_SEND_JOB}:${smsId}`))
  )[0];
const rowOf = async (smsId: string) =>
  (await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, smsId)))[0];
const outbox = async (to: string) =>
  ((await (await fetch(`${base}/__sim/sms/outbox?to=${to}`)).json()) as { messages: unknown[] }).messages;

/** A try of the `sms-send` job at `now`, as the queue would run it. */
async function tryAt(now: Date, smsId: string) {
  const queue = new JobQueue({ ...t.config.jobs, db: t.database.db, log: t.app.log });
  const handler = smsSendJob({
    db: t.database.db,
    client: createSmsClient(t.config.sms),
    jobs: queue,
    quietHours: QUIET,
    now: () => now,
  });
  queue.register(SMS_SEND_JOB, handler);
  const job = (await jobOf(smsId))!;
  await handler.run(job.payload as unknown as SmsSendPayload, job);
}

describe('quiet hours on Nairobi clocks', () => {
  it('end the next morning, or the same morning after midnight, and are off when there are none', () => {
    expect(quietHoursEnd(nairobi('22:00'), QUIET)).toEqual(nairobi('07:00', '2026-03-11'));
    expect(quietHoursEnd(nairobi('21:00'), QUIET)).toEqual(nairobi('07:00', '2026-03-11'));
    expect(quietHoursEnd(nairobi('03:30'), QUIET)).toEqual(nairobi('07:00'));
    expect(quietHoursEnd(nairobi('06:59'), QUIET)).toEqual(nairobi('07:00'));
    expect(quietHoursEnd(nairobi('07:00'), QUIET)).toBeUndefined();
    expect(quietHoursEnd(nairobi('20:59'), QUIET)).toBeUndefined();
    expect(quietHoursEnd(nairobi('22:00'), undefined)).toBeUndefined();
    // Hours within one day.
    const lunch = { startMinute: 13 * 60, endMinute: 14 * 60 };
    expect(quietHoursEnd(nairobi('13:15'), lunch)).toEqual(nairobi('14:00'));
    expect(quietHoursEnd(nairobi('14:00'), lunch)).toBeUndefined();
    // Nairobi's day starts at 21:00 UTC.
    expect(nairobiDayStart(new Date('2026-03-09T22:30:00Z'))).toEqual(new Date('2026-03-09T21:00:00Z'));
    expect(nairobiDayStart(new Date('2026-03-10T20:59:00Z'))).toEqual(new Date('2026-03-09T21:00:00Z'));
  });

  it('hold a notice queued at night until 07:00; verification codes and payment confirmations go at once', async () => {
    const user = await userWithPhone();
    const night = await send(notice(user.id, { now: nairobi('22:10'), subjectKey: 'night' }));
    expect(await jobOf(night!)).toMatchObject({ status: 'pending', runAt: nairobi('07:00', '2026-03-11') });
    const day = await send(notice(user.id, { now: nairobi('12:00'), subjectKey: 'day' }));
    const paid = await send(
      notice(user.id, { kind: 'payment-confirmed', now: nairobi('22:10'), subjectKey: 'paid' }),
    );
    for (const id of [day!, paid!])
      expect((await jobOf(id))!.runAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('make a try that comes at night wait for the morning, then send once', async () => {
    const user = await userWithPhone();
    const id = (await send(notice(user.id, { now: nairobi('12:00'), subjectKey: 'retry' })))!;
    await tryAt(nairobi('23:30'), id);
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
    const later = await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.uniqueKey, `${SMS_SEND_JOB}:${id}:%`));
    expect(later).toEqual([
      expect.objectContaining({ status: 'pending', runAt: nairobi('07:00', '2026-03-11') }),
    ]);
    expect(await outbox(user.phone)).toEqual([]);
    await tryAt(nairobi('07:00', '2026-03-11'), id);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    await until(
      () => outbox(user.phone),
      (messages) => messages.length === 1,
    );
    // Another try (a second process, a retry) sends nothing more.
    await tryAt(nairobi('08:00', '2026-03-11'), id);
    expect(await outbox(user.phone)).toHaveLength(1);
  });
});

describe('the switches and STOP', () => {
  it('sends nothing of a topic switched off for SMS, and the other topics still', async () => {
    const user = await userWithPhone();
    expect(
      (await injectAs(t, user, 'PATCH', '/api/user/notifications', { sms: { bookings: false } })).statusCode,
    ).toBe(200);
    expect(await send(notice(user.id, { now: nairobi('12:00'), subjectKey: 'off' }))).toBeUndefined();
    expect(
      await send(notice(user.id, { kind: 'quote-received', now: nairobi('12:00'), subjectKey: 'off' })),
    ).toBeUndefined();
    expect(await t.database.db.select().from(smsMessages).where(eq(smsMessages.userId, user.id))).toEqual([]);
    expect(
      await send(notice(user.id, { kind: 'balance-due', now: nairobi('12:00'), subjectKey: 'on' })),
    ).toEqual(expect.any(String));
    // Nobody without a verified number gets an SMS, whatever their switches.
    const noPhone = await createUser(t.database.db);
    expect(await send(notice(noPhone.id, { now: nairobi('12:00') }))).toBeUndefined();
  });

  it('turns SMS off for the account of a number that replied STOP, with a consent row per topic', async () => {
    const user = await userWithPhone();
    await injectAs(t, user, 'PATCH', '/api/user/notifications', { sms: { chat: false } });
    const inbound = await fetch(`${base}/__sim/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: user.phone, text: 'STOP' }),
    });
    expect(await inbound.json()).toEqual({ delivered: true });
    const settings = (await injectAs(t, user, 'GET', '/api/user/notifications')).json();
    expect(settings).toMatchObject({
      notifications: { sms: { bookings: false, payments: false, reminders: false, chat: false } },
      smsPhone: user.phone,
      smsStopped: true,
    });
    const stops = await t.database.db
      .select()
      .from(notificationConsents)
      .where(and(eq(notificationConsents.userId, user.id), eq(notificationConsents.source, 'stop-reply')));
    expect(stops.map((row) => [row.topic, row.granted, row.phone]).sort()).toEqual([
      ['bookings', false, user.phone],
      ['payments', false, user.phone],
      ['reminders', false, user.phone],
    ]);
    expect(await send(notice(user.id, { now: nairobi('12:00'), subjectKey: 'after-stop' }))).toBeUndefined();
  });
});

describe('the daily limit', () => {
  /** `count` messages already sent to the user's number at `at`. */
  async function sentBefore(db: Queryable, user: { id: string; phone: string }, count: number, at: Date) {
    for (let i = 0; i < count; i += 1)
      await db.insert(smsMessages).values({
        userId: user.id,
        to: user.phone,
        message: 'Earlier',
        kind: 'booking-accepted',
        subjectKey: `earlier-${at.toISOString()}-${i}`,
        status: 'delivered',
        sentAt: new Date(at.getTime() + i * 60_000),
      });
  }

  it('sends the 10th of a Nairobi day, refuses the 11th as failed, yet sends a verification code', async () => {
    const user = await userWithPhone();
    // 00:30 in Nairobi is still the day before in UTC: it counts for the Nairobi day.
    await sentBefore(t.database.db, user, 9, nairobi('00:30'));
    const tenth = (await send(notice(user.id, { now: nairobi('12:00'), subjectKey: 'tenth' })))!;
    await tryAt(nairobi('12:00'), tenth);
    expect(await rowOf(tenth)).toMatchObject({ status: 'sent' });
    const eleventh = (await send(
      notice(user.id, { kind: 'balance-due', now: nairobi('12:05'), subjectKey: 'eleventh' }),
    ))!;
    await tryAt(nairobi('12:05'), eleventh);
    expect(await rowOf(eleventh)).toMatchObject({
      status: 'failed',
      failureReason: 'daily limit',
      attempts: 0,
    });
    const code = await t.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(smsMessages)
        .values({
          userId: user.id,
          to: user.phone,
          message: 'Code 123456',
          kind: 'phone-code',
          subjectKey: 'code-1',
        })
        .returning();
      await t.app.jobs.add(tx, {
        kind: SMS_SEND_JOB,
        payload: { smsId: row!.id, to: user.phone },
        uniqueKey: `${SMS_SEND_JOB}:${row!.id}`,
      });
      return row!.id;
    });
    await tryAt(nairobi('12:10'), code);
    expect(await rowOf(code)).toMatchObject({ status: 'sent' });
    await until(
      () => outbox(user.phone),
      (messages) => messages.length === 2,
    );
  });

  it('gives the last place of a day to one of two tries racing for it, never to both', async () => {
    const user = await userWithPhone();
    await sentBefore(t.database.db, user, 9, nairobi('08:00'));
    const first = (await send(notice(user.id, { now: nairobi('12:00'), subjectKey: 'race-a' })))!;
    const second = (await send(
      notice(user.id, { kind: 'balance-due', now: nairobi('12:00'), subjectKey: 'race-b' }),
    ))!;
    await Promise.all([tryAt(nairobi('12:00'), first), tryAt(nairobi('12:00'), second)]);
    const rows = [await rowOf(first), await rowOf(second)];
    expect(rows.map((row) => row?.status).sort()).toEqual(['failed', 'sent']);
    expect(rows.find((row) => row?.status === 'failed')).toMatchObject({
      failureReason: 'daily limit',
      sentAt: null,
    });
    await until(
      () => outbox(user.phone),
      (messages) => messages.length >= 1,
    );
    expect(await outbox(user.phone)).toHaveLength(1);
  });

  it('does not count a try cut short against its own next try: the 10th still goes', async () => {
    const user = await userWithPhone();
    await sentBefore(t.database.db, user, 9, nairobi('08:00'));
    const id = (await send(notice(user.id, { now: nairobi('12:00'), subjectKey: 'retried' })))!;
    // A try whose process stopped after it took its place, before it heard from the provider.
    await t.database.db
      .update(smsMessages)
      .set({ attempts: 1, sentAt: new Date() })
      .where(eq(smsMessages.id, id));
    await tryAt(nairobi('12:30'), id);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('starts again each Nairobi day', async () => {
    const user = await userWithPhone();
    await sentBefore(t.database.db, user, 10, nairobi('20:00', '2026-03-09'));
    const next = (await send(notice(user.id, { now: nairobi('07:30'), subjectKey: 'next-day' })))!;
    await tryAt(nairobi('07:30'), next);
    expect(await rowOf(next)).toMatchObject({ status: 'sent' });
  });
});
