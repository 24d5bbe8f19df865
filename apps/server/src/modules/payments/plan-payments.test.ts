import { formatDate } from '@sherehe/shared/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs, useStarted } from '../../../test/build-app';
import { createUser, type TestUser } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import { jobs, users } from '../../db/schema';
import { PLAN_PERIOD_MS, planExpiryKey, planReminderKey } from '../plans/plan-periods.service';
import { paymentRow, pressCheckout, until, usePaymentsApp } from './payments.test-support';

const smtp = useStarted(startSmtpServer);
const t = usePaymentsApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sherehe <no-reply@sherehe.test>' }));

const buy = (user: TestUser, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/payments', headers: user.headers, payload: body });
const read = async (user: TestUser, id: string) =>
  (await t.app.inject({ url: `/api/payments/${id}`, headers: user.headers })).json().payment;
const settled = (user: TestUser, id: string) =>
  until(
    () => read(user, id),
    (p) => p.status !== 'pending',
  );
/** Buys `planId` by M-Pesa as `user` and waits for the payment to go through; answers the payment. */
const boughtByMpesa = async (user: TestUser, planId: string) => {
  const { payment } = (await buy(user, { planId, method: 'mpesa', phone: '0712345678' })).json();
  expect((await settled(user, payment._id)).status).toBe('succeeded');
  return payment;
};
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const jobByKey = async (uniqueKey: string) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.uniqueKey, uniqueKey)))[0]!;

describe('POST /api/payments with planId: paying for a plan', () => {
  it('starts 30 days of Pro at Ksh 3,250 by M-Pesa; on success the user is on Pro until 30 days after, with a receipt mail', async () => {
    const user = await createUser(t.database.db);
    const started = await buy(user, { planId: 'pro', method: 'mpesa', phone: '0712 345 678' });
    expect(started.statusCode).toBe(201);
    const { payment } = started.json();
    expect(payment).toMatchObject({
      purpose: 'plan',
      planId: 'pro',
      method: 'mpesa',
      amount: 3250,
      currency: 'KES',
      status: 'pending',
    });
    expect(payment.booking).toBeUndefined();
    // Not yet: the plan starts when the payment succeeds.
    expect((await userRow(user.id)).planId).toBe('free');

    // A second start for the same plan while the first waits: 409 with it.
    const again = await buy(user, { planId: 'pro', method: 'mpesa', phone: '0712345678' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, payment: { _id: payment._id } });

    expect((await settled(user, payment._id)).status).toBe('succeeded');
    const row = await paymentRow(t, payment._id);
    const stored = await userRow(user.id);
    expect(stored.planId).toBe('pro');
    expect(stored.planUntil?.getTime()).toBe(row.completedAt!.getTime() + PLAN_PERIOD_MS);
    const data = await t.app.inject({ url: '/api/user/data', headers: user.headers });
    expect(data.json().userData).toMatchObject({
      plan: { _id: 'pro' },
      planUntil: stored.planUntil!.toISOString(),
    });
    // Its end and its reminder are queued, keyed by the period's end.
    const queued = await t.database.db.select().from(jobs);
    const keys = queued.map((job) => job.uniqueKey);
    expect(keys).toContain(planExpiryKey(user.id, stored.planUntil!));
    expect(keys).toContain(planReminderKey(user.id, stored.planUntil!));
    const expiry = queued.find((job) => job.uniqueKey === planExpiryKey(user.id, stored.planUntil!));
    expect(expiry?.runAt.getTime()).toBe(stored.planUntil!.getTime());

    const mail = await smtp.waitFor(user.email, /Payment received: Pro/);
    const body = decodeQuotedPrintable(mail.raw);
    for (const fact of ['Amount: Ksh 3,250', 'For: Plan', 'Plan: Pro', `Payment id: ${payment._id}`]) {
      expect(body).toContain(fact);
    }
    // The receipt page is the payer's.
    const page = await t.app.inject({ url: `/api/payments/${payment._id}/receipt`, headers: user.headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Plan for Pro');
    const stranger = await createUser(t.database.db);
    expect(
      (await t.app.inject({ url: `/api/payments/${payment._id}`, headers: stranger.headers })).statusCode,
    ).toBe(404);
  });

  it('renewing the same plan adds 30 days to the end of the running period, not to today', async () => {
    const user = await createUser(t.database.db, { planId: 'basic' });
    const end = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db.update(users).set({ planUntil: end }).where(eq(users.id, user.id));
    const { payment } = (await buy(user, { planId: 'basic', method: 'mpesa', phone: '0712345678' })).json();
    expect(payment.amount).toBe(1300);
    expect((await settled(user, payment._id)).status).toBe('succeeded');
    const stored = await userRow(user.id);
    expect(stored).toMatchObject({ planId: 'basic' });
    expect(stored.planUntil?.getTime()).toBe(end.getTime() + PLAN_PERIOD_MS);
    // Renewed: the PATCH still says the same plan.
    const same = await injectAs(t, user, 'PATCH', '/api/user/plan', { planId: 'basic' });
    expect(same.json()).toMatchObject({ message: 'You are already on this plan.' });
  });

  it('on a paid Enterprise period, Basic and Pro paid at once: the second start is refused (409), and no paid time is lost', async () => {
    const user = await createUser(t.database.db, { planId: 'enterprise' });
    const enterpriseEnd = new Date(Date.now() + 20 * 86_400_000);
    await t.database.db.update(users).set({ planUntil: enterpriseEnd }).where(eq(users.id, user.id));
    const planUntil = async () =>
      new Date(
        (await t.app.inject({ url: '/api/user/data', headers: user.headers })).json().userData.planUntil,
      ).getTime();

    const basic = (await buy(user, { planId: 'basic', method: 'card' })).json().payment;
    expect(basic).toMatchObject({ planId: 'basic', status: 'pending' });
    // Another plan while Basic may still be paid: one pending plan payment per person.
    const pro = await buy(user, { planId: 'pro', method: 'mpesa', phone: '0712345678' });
    expect(pro.statusCode).toBe(409);
    expect(pro.json()).toMatchObject({ success: false, payment: { _id: basic._id, planId: 'basic' } });

    await pressCheckout(t, basic.checkoutUrl);
    const paidBasic = await settled(user, basic._id);
    expect(paidBasic.status).toBe('succeeded');
    // Basic's 30 days, plus Enterprise's days left at Enterprise's price turned into Basic days ($50 / $10).
    const basicAt = new Date(paidBasic.completedAt).getTime();
    const basicEnd = basicAt + PLAN_PERIOD_MS + (enterpriseEnd.getTime() - basicAt) * 5;
    expect(await planUntil()).toBe(basicEnd);

    // Now Pro may be bought: Basic's days left at Basic's price become Pro days ($10 / $25, rounded down).
    const second = await buy(user, { planId: 'pro', method: 'mpesa', phone: '0712345678' });
    expect(second.statusCode).toBe(201);
    const paidPro = await settled(user, second.json().payment._id);
    expect(paidPro.status).toBe('succeeded');
    const proAt = new Date(paidPro.completedAt).getTime();
    expect(await planUntil()).toBe(proAt + PLAN_PERIOD_MS + Math.floor(((basicEnd - proAt) * 10) / 25));
    expect((await userRow(user.id)).planId).toBe('pro');
  });

  it('two plans started at once by one person: one pending payment, the other a 409 with it', async () => {
    const user = await createUser(t.database.db);
    const [a, b] = await Promise.all([
      buy(user, { planId: 'basic', method: 'card' }),
      buy(user, { planId: 'pro', method: 'card' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const created = (a.statusCode === 201 ? a : b).json().payment;
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({ payment: { _id: created._id } });
  });

  it('a failed payment leaves the plan as it was', async () => {
    const user = await createUser(t.database.db);
    // The simulator's cancelled prompt: a phone ending 1032.
    const { payment } = (
      await buy(user, { planId: 'enterprise', method: 'mpesa', phone: '0712341032' })
    ).json();
    expect((await settled(user, payment._id)).status).not.toBe('succeeded');
    expect(await userRow(user.id)).toMatchObject({ planId: 'free', planUntil: null });
  });

  it('by card: a checkout that returns to the pricing page with the payment, and the plan once paid', async () => {
    const user = await createUser(t.database.db);
    const started = await buy(user, { planId: 'enterprise', method: 'card' });
    expect(started.statusCode).toBe(201);
    const { payment } = started.json();
    expect(payment).toMatchObject({ amount: 6500, planId: 'enterprise' });
    const answer = await pressCheckout(t, payment.checkoutUrl);
    expect(answer.headers.get('location')).toContain(`/pricing?payment=${payment._id}`);
    expect((await settled(user, payment._id)).status).toBe('succeeded');
    expect((await userRow(user.id)).planId).toBe('enterprise');
  });

  it('refuses Free (400), an unknown plan (404), a guest (401) and a malformed body (400)', async () => {
    const user = await createUser(t.database.db);
    const free = await buy(user, { planId: 'free', method: 'mpesa', phone: '0712345678' });
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({ message: 'The Free plan needs no payment.' });
    expect((await buy(user, { planId: 'platinum', method: 'mpesa', phone: '0712345678' })).statusCode).toBe(
      404,
    );
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      payload: { planId: 'pro', method: 'mpesa' },
    });
    expect(guest.statusCode).toBe(401);
    for (const body of [
      { planId: 'pro' },
      { planId: 'pro', method: 'cash' },
      { planId: 7, method: 'card' },
    ]) {
      expect((await buy(user, body)).statusCode).toBe(400);
    }
  });
});

describe('the reminder three days before the end', () => {
  it('mails the user with the end date, unless the period was renewed meanwhile', async () => {
    const user = await createUser(t.database.db);
    await boughtByMpesa(user, 'pro');
    const end = (await userRow(user.id)).planUntil!;
    const reminder = await jobByKey(planReminderKey(user.id, end));
    expect(reminder.runAt.getTime()).toBe(end.getTime() - 3 * 86_400_000);
    await t.app.jobs.dueNow(t.database.db, planReminderKey(user.id, end));
    await t.app.jobs.drain();
    const mail = await smtp.waitFor(user.email, /Your Pro plan ends soon/);
    expect(decodeQuotedPrintable(mail.raw)).toContain(
      `Your Pro plan ends on ${formatDate(end.toISOString())}.`,
    );

    // Renewed: the old period's reminder sends nothing.
    const other = await createUser(t.database.db);
    await boughtByMpesa(other, 'basic');
    const firstEnd = (await userRow(other.id)).planUntil!;
    await boughtByMpesa(other, 'basic');
    await t.app.jobs.dueNow(t.database.db, planReminderKey(other.id, firstEnd));
    await t.app.jobs.drain();
    const job = await jobByKey(planReminderKey(other.id, firstEnd));
    expect(job.status).toBe('done');
    expect(smtp.received.filter((m) => m.to.includes(other.email) && /ends soon/.test(m.subject))).toEqual(
      [],
    );
  });
});
