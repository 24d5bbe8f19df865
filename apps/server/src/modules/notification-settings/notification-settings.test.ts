import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createPackage, createUser } from '../../../test/factories';
import { jobs, notificationConsents, notificationSettings, smsOptOuts, users } from '../../db/schema';
import { wantsNotice } from '.';

/** The profile's notification switches: `GET`/`PATCH /api/user/notifications`, and consent kept. */
const t = useTestApp();

const allOn = {
  sms: { bookings: true, payments: true, reminders: true, chat: true },
  email: { bookings: true, payments: true, reminders: true, chat: true },
};
const consentsOf = (userId: string) =>
  t.database.db
    .select()
    .from(notificationConsents)
    .where(eq(notificationConsents.userId, userId))
    .orderBy(notificationConsents.createdAt);

describe('GET /api/user/notifications', () => {
  it('has every switch on for someone who never changed one, no number and no STOP', async () => {
    const user = await createUser(t.database.db);
    const answer = await injectAs(t, user, 'GET', '/api/user/notifications');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, notifications: allOn, smsPhone: null, smsStopped: false });
    expect(
      await t.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id)),
    ).toEqual([]);
  });

  it('is for the signed-in only (401)', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const answer = await t.app.inject({
        method,
        url: '/api/user/notifications',
        payload: { sms: { chat: false } },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ success: false });
    }
  });
});

describe('PATCH /api/user/notifications', () => {
  it('changes the switches named, keeps the others, and records one consent row per switch changed', async () => {
    const user = await createUser(t.database.db);
    await t.database.db
      .update(users)
      .set({ smsPhone: '254712000111', smsPhoneVerifiedAt: new Date() })
      .where(eq(users.id, user.id));
    const changed = await injectAs(t, user, 'PATCH', '/api/user/notifications', {
      sms: { chat: false, bookings: true },
      email: { reminders: false },
    });
    expect(changed.statusCode).toBe(200);
    const expected = {
      sms: { ...allOn.sms, chat: false },
      email: { ...allOn.email, reminders: false },
    };
    expect(changed.json()).toEqual({
      success: true,
      notifications: expected,
      smsPhone: '254712000111',
      smsStopped: false,
    });
    expect((await injectAs(t, user, 'GET', '/api/user/notifications')).json().notifications).toEqual(
      expected,
    );
    // sms.bookings was on already: no row for it.
    expect(await consentsOf(user.id)).toEqual([
      expect.objectContaining({
        channel: 'sms',
        topic: 'chat',
        granted: false,
        source: 'profile',
        phone: '254712000111',
      }),
      expect.objectContaining({
        channel: 'email',
        topic: 'reminders',
        granted: false,
        source: 'profile',
        phone: null,
      }),
    ]);
    expect(await wantsNotice(t.database.db, user.id, 'sms', 'chat')).toBe(false);
    expect(await wantsNotice(t.database.db, user.id, 'sms', 'bookings')).toBe(true);
    expect(await wantsNotice(t.database.db, user.id, 'email', 'reminders')).toBe(false);

    // Back on: one more row; the same again changes nothing and records nothing.
    await injectAs(t, user, 'PATCH', '/api/user/notifications', { sms: { chat: true } });
    const again = await injectAs(t, user, 'PATCH', '/api/user/notifications', { sms: { chat: true } });
    expect(again.json().notifications.sms.chat).toBe(true);
    const rows = await consentsOf(user.id);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ channel: 'sms', topic: 'chat', granted: true, source: 'profile' });
    // An empty change is an answer like GET's.
    expect((await injectAs(t, user, 'PATCH', '/api/user/notifications', {})).json().notifications).toEqual({
      ...expected,
      sms: allOn.sms,
    });
  });

  it('refuses an unknown key or a switch that is not true or false (400), changing nothing', async () => {
    const user = await createUser(t.database.db);
    for (const body of [
      { sms: { bookings: false, marketing: true } },
      { push: { bookings: false } },
      { sms: { bookings: 'no' } },
      { email: { chat: 0 } },
      { sms: true },
      { sms: { bookings: null } },
    ]) {
      const answer = await injectAs(t, user, 'PATCH', '/api/user/notifications', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    expect((await injectAs(t, user, 'GET', '/api/user/notifications')).json().notifications).toEqual(allOn);
    expect(await consentsOf(user.id)).toEqual([]);
  });

  it('shows a STOP as SMS off; turning an SMS switch on forgets it and sends only what was turned on', async () => {
    const user = await createUser(t.database.db);
    const phone = '254712000222';
    await t.database.db
      .update(users)
      .set({ smsPhone: phone, smsPhoneVerifiedAt: new Date() })
      .where(eq(users.id, user.id));
    await t.database.db.insert(smsOptOuts).values({ phone, keyword: 'STOP' });
    const stopped = (await injectAs(t, user, 'GET', '/api/user/notifications')).json();
    expect(stopped).toEqual({
      success: true,
      notifications: {
        sms: { bookings: false, payments: false, reminders: false, chat: false },
        email: allOn.email,
      },
      smsPhone: phone,
      smsStopped: true,
    });
    // Email alone leaves the STOP as it is.
    await injectAs(t, user, 'PATCH', '/api/user/notifications', { email: { chat: false } });
    expect((await injectAs(t, user, 'GET', '/api/user/notifications')).json().smsStopped).toBe(true);
    const back = await injectAs(t, user, 'PATCH', '/api/user/notifications', { sms: { payments: true } });
    expect(back.json()).toMatchObject({
      notifications: { sms: { bookings: false, payments: true, reminders: false, chat: false } },
      smsStopped: false,
    });
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
    expect((await consentsOf(user.id)).at(-1)).toMatchObject({
      channel: 'sms',
      topic: 'payments',
      granted: true,
      phone,
    });
  });
});

describe('email switches', () => {
  const mailsTo = async (email: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${email}`))
    )[0]!.n;

  it('keep booking mails from whoever switched them off, and still send them to the others', async () => {
    const quiet = await createUser(t.database.db, { role: 'planner' });
    const told = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db, { role: 'client', planId: 'enterprise' });
    await injectAs(t, quiet, 'PATCH', '/api/user/notifications', { email: { bookings: false } });
    await injectAs(t, client, 'PATCH', '/api/user/notifications', { email: { bookings: false } });
    const ids: Record<string, string> = {};
    for (const [name, planner] of [
      ['quiet', quiet],
      ['told', told],
    ] as const) {
      const pkg = await createPackage(t.database.db, { plannerId: planner.id, price: 20_000 });
      const created = await injectAs(t, client, 'POST', '/api/bookings/create', {
        package: pkg.id,
        planner: planner.id,
        date: nairobiDayFromToday(40),
      });
      expect(created.statusCode).toBe(201);
      ids[name] = created.json().booking._id;
    }
    expect(await mailsTo(quiet.email)).toBe(0);
    expect(await mailsTo(told.email)).toBe(1);
    // The client switched booking mails off: accepted, and not told by mail.
    const accepted = await injectAs(t, told, 'PATCH', `/api/bookings/${ids.told}`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(await mailsTo(client.email)).toBe(0);
    // Switched on again, the next change is mailed.
    await injectAs(t, client, 'PATCH', '/api/user/notifications', { email: { bookings: true } });
    const rejected = await injectAs(t, quiet, 'PATCH', `/api/bookings/${ids.quiet}`, { status: 'rejected' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await mailsTo(client.email)).toBe(1);
  });

  it('keep a quote from a client who switched booking mails off, and mail one who did not', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const pkg = await createPackage(t.database.db, { plannerId: planner.id, price: 20_000 });
    for (const [day, wants] of [
      [50, false],
      [51, true],
    ] as const) {
      const client = await createUser(t.database.db, { role: 'client', planId: 'enterprise' });
      if (!wants)
        await injectAs(t, client, 'PATCH', '/api/user/notifications', { email: { bookings: false } });
      const created = await injectAs(t, client, 'POST', '/api/bookings/create', {
        package: pkg.id,
        planner: planner.id,
        date: nairobiDayFromToday(day),
      });
      const offered = await injectAs(
        t,
        planner,
        'POST',
        `/api/bookings/${created.json().booking._id}/quote`,
        {
          price: 200_000,
          depositPercent: 20,
          message: 'Flowers included.',
          expiresInDays: 7,
        },
      );
      expect(offered.statusCode, offered.body).toBe(200);
      expect(await mailsTo(client.email)).toBe(wants ? 1 : 0);
    }
  });
});
