import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import {
  createBookingOf,
  createPackage,
  createPaymentRow,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { auditEvents, bookings, contactMessages, jobs, refunds, reviews } from '../../db/schema';
import { settleRefund } from '../ledger/refunds.service';
import { settlePayment } from '../payments/payments.service';

const t = useTestApp();
let admin: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  await t.app.jobs.stop();
  admin = await createUser(t.database.db, { role: 'admin', username: 'Audit Admin' });
  otherAdmin = await createUser(t.database.db, { role: 'admin', username: 'Second Admin' });
});

/** The audit rows about one subject. */
const rowsAbout = (subjectId: string) =>
  t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, subjectId));
const rowsOf = (action: string, subjectId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));

describe('admin actions write one audit row in their transaction', () => {
  it('a role change: who, what before and after, the request id and address; a refused one writes none', async () => {
    const user = await createUser(t.database.db, { role: 'client' });
    const response = await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/role`, { role: 'planner' });
    expect(response.statusCode).toBe(200);
    const rows = await rowsAbout(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      action: 'user.role_changed',
      subjectType: 'user',
      summary: { before: { role: 'client' }, after: { role: 'planner' } },
      requestId: response.headers['x-request-id'],
      ip: '127.0.0.1',
    });
    // The same role again changes nothing; one's own role and an unknown user are refused.
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/role`, { role: 'planner' })).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/user/${admin.id}/role`, { role: 'client' })).statusCode,
    ).toBe(403);
    expect(await rowsAbout(user.id)).toHaveLength(1);
    expect(await rowsAbout(admin.id)).toHaveLength(0);
  });

  it('a plan set by an admin; an unknown plan writes none', async () => {
    const user = await createUser(t.database.db, { role: 'planner' });
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/plan`, { planId: 'nope' })).statusCode,
    ).toBe(404);
    expect(await rowsAbout(user.id)).toHaveLength(0);
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/plan`, { planId: 'pro' })).statusCode,
    ).toBe(200);
    const rows = await rowsOf('plan.set', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.summary).toMatchObject({
      before: { planId: 'free' },
      after: { planId: 'pro', planUntil: null },
    });
  });

  it('categories created, changed and deleted; a taken name writes none', async () => {
    const created = await injectAs(t, admin, 'POST', '/api/category/create', {
      name: 'Audited',
      description: 'x',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().category._id as string;
    expect((await injectAs(t, admin, 'POST', '/api/category/create', { name: 'Audited' })).statusCode).toBe(
      409,
    );
    expect(
      (
        await injectAs(t, admin, 'PUT', `/api/category/update/${id}`, {
          name: 'Audited Too',
          description: 'y',
        })
      ).statusCode,
    ).toBe(200);
    expect((await injectAs(t, admin, 'DELETE', `/api/category/delete/${id}`)).statusCode).toBe(200);
    const rows = await rowsAbout(id);
    expect(rows.map((row) => row.action).sort()).toEqual([
      'category.created',
      'category.deleted',
      'category.updated',
    ]);
    expect(rows.find((row) => row.action === 'category.updated')?.summary).toMatchObject({
      before: { name: 'Audited', description: 'x' },
      after: { name: 'Audited Too', description: 'y' },
    });
  });

  it('contact messages handled or answered, once', async () => {
    const insert = async () =>
      (
        await t.database.db
          .insert(contactMessages)
          .values({
            userId: null,
            name: 'Wanjiru',
            email: 'wanjiru@example.test',
            message: 'Hello there team',
          })
          .returning()
      )[0]!;
    const handled = await insert();
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/messages/${handled.id}`, { handled: true })).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/messages/${handled.id}`, { handled: true })).statusCode,
    ).toBe(200);
    expect((await rowsOf('contact.handled', handled.id)).length).toBe(1);
    const answered = await insert();
    const answer = { message: 'Thank you, we will call you.' };
    expect((await injectAs(t, admin, 'POST', `/api/messages/${answered.id}/answer`, answer)).statusCode).toBe(
      200,
    );
    expect((await injectAs(t, admin, 'POST', `/api/messages/${answered.id}/answer`, answer)).statusCode).toBe(
      409,
    );
    const rows = await rowsAbout(answered.id);
    expect(rows.map((row) => row.action)).toEqual(['contact.answered']);
    // No personal data in the summary: not the sender's address nor the answer.
    expect(JSON.stringify(rows)).not.toMatch(/wanjiru|call you/i);
  });

  it('a package an admin removes is on the trail; a planner removing their own is not an admin action', async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const removed = await createPackage(t.database.db, { plannerId: planner.id });
    const own = await createPackage(t.database.db, { plannerId: planner.id });
    expect((await injectAs(t, planner, 'DELETE', `/api/packages/delete/${own.id}`)).statusCode).toBe(200);
    expect(await rowsAbout(own.id)).toHaveLength(0);
    expect((await injectAs(t, admin, 'DELETE', `/api/packages/delete/${removed.id}`)).statusCode).toBe(200);
    const rows = await rowsAbout(removed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'package.removed',
      subjectType: 'package',
      summary: { title: removed.title },
    });
  });

  it("an admin's change to someone's package, booking or review is on the trail; the owner's own is not", async () => {
    const planner = await createUser(t.database.db, { role: 'planner' });
    const client = await createUser(t.database.db);
    const pkg = await createPackage(t.database.db, { plannerId: planner.id });
    const rename = (title: string) => {
      const body = new FormData();
      body.append('title', title);
      return body;
    };
    expect(
      (await injectAs(t, planner, 'PUT', `/api/packages/update/${pkg.id}`, rename('Mine'))).statusCode,
    ).toBe(200);
    expect(await rowsAbout(pkg.id)).toHaveLength(0);
    expect(
      (await injectAs(t, admin, 'PUT', `/api/packages/update/${pkg.id}`, rename('Moderated'))).statusCode,
    ).toBe(200);
    expect(await rowsAbout(pkg.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'package.changed',
        subjectType: 'package',
        summary: { fields: ['title'], photos: 0 },
      }),
    ]);

    const { booking } = await createBookingOf(t.database.db, client, planner, { status: 'pending' });
    const moved = await injectAs(t, admin, 'PATCH', `/api/bookings/${booking.id}`, { status: 'rejected' });
    expect(moved.statusCode).toBe(200);
    // A refused change (rejected cannot be completed) writes none.
    expect(
      (await injectAs(t, admin, 'PATCH', `/api/bookings/${booking.id}`, { status: 'completed' })).statusCode,
    ).toBe(409);
    expect(await rowsAbout(booking.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'booking.status_changed',
        subjectType: 'booking',
        summary: { from: 'pending', to: 'rejected' },
        requestId: moved.headers['x-request-id'],
      }),
    ]);

    const [own] = await t.database.db
      .insert(reviews)
      .values({ packageId: pkg.id, clientId: client.id, rating: 2 })
      .returning();
    const [other] = await t.database.db
      .insert(reviews)
      .values({ packageId: pkg.id, clientId: otherAdmin.id, rating: 1 })
      .returning();
    expect((await injectAs(t, client, 'DELETE', `/api/reviews/${own!.id}`)).statusCode).toBe(200);
    expect(await rowsAbout(own!.id)).toHaveLength(0);
    expect((await injectAs(t, admin, 'DELETE', `/api/reviews/${other!.id}`)).statusCode).toBe(200);
    expect(await rowsAbout(other!.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'review.removed',
        subjectType: 'review',
        summary: { packageId: pkg.id, rating: 1 },
      }),
    ]);
  });

  it('a failed job retried; a job that has not failed writes none', async () => {
    const [job] = await t.database.db
      .insert(jobs)
      .values({ kind: 'audit-test', status: 'failed', attempts: 3, lastError: 'boom' })
      .returning();
    expect((await injectAs(t, admin, 'POST', `/api/admin/jobs/${job!.id}/retry`)).statusCode).toBe(200);
    expect((await injectAs(t, admin, 'POST', `/api/admin/jobs/${job!.id}/retry`)).statusCode).toBe(409);
    const rows = await rowsAbout(job!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'job.retried', summary: { kind: 'audit-test' } });
  });
});

describe('money movements write one audit row each', () => {
  it('payments succeeded and failed, a refund queued and settled, a payout; a payout too large writes none', async () => {
    const db = t.database.db;
    const deps = t.app.paymentDeps;
    const planner = await createUser(db, { role: 'planner', planId: 'pro' });
    const client = await createUser(db, { role: 'client' });
    const { booking } = await createBookingOf(db, client, planner, { status: 'accepted', price: 10_000 });
    const paid = await createPaymentRow(db, { bookingId: booking.id, userId: client.id, amount: 3000 });
    await settlePayment(deps, paid.id, { status: 'succeeded', receipt: 'AUD0000001' });
    // A second word on a settled payment changes nothing and writes nothing.
    await settlePayment(deps, paid.id, { status: 'succeeded', receipt: 'AUD0000001' });
    const succeeded = await rowsAbout(paid.id);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({
      actorId: null,
      actorRole: 'system',
      action: 'payment.succeeded',
      summary: { status: 'succeeded', method: 'mpesa', amountCents: 300_000, bookingId: booking.id },
    });

    const failing = await createPaymentRow(db, {
      bookingId: booking.id,
      userId: client.id,
      purpose: 'balance',
      amount: 7000,
    });
    await settlePayment(deps, failing.id, { status: 'failed', reason: 'declined', detail: 'Declined' });
    expect((await rowsAbout(failing.id)).map((row) => row.action)).toEqual(['payment.failed']);

    const [refund] = await db
      .insert(refunds)
      .values({ paymentId: paid.id, bookingId: booking.id, amount: 1000, rule: 'client_7_to_29_days' })
      .returning();
    await settleRefund(deps, refund!.id, { status: 'succeeded' });
    await settleRefund(deps, refund!.id, { status: 'succeeded' });
    expect((await rowsAbout(refund!.id)).map((row) => row.action)).toEqual(['refund.succeeded']);
    const second = await createPaymentRow(db, {
      bookingId: booking.id,
      userId: client.id,
      purpose: 'balance',
      amount: 2000,
    });
    await settlePayment(deps, second.id, { status: 'succeeded', receipt: 'AUD0000009' });
    const [refused] = await db
      .insert(refunds)
      .values({ paymentId: second.id, bookingId: booking.id, amount: 500, rule: 'client_7_to_29_days' })
      .returning();
    await settleRefund(deps, refused!.id, { status: 'failed', detail: 'declined' });
    expect((await rowsAbout(refused!.id))[0]).toMatchObject({
      action: 'refund.failed',
      summary: { amountCents: 50_000, failureReason: 'declined' },
    });

    const before = (await db.select().from(auditEvents)).length;
    const tooMuch = await injectAs(t, admin, 'POST', '/api/payouts', {
      plannerId: planner.id,
      amount: 1_000_000,
      reference: 'AUDPAY0001',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect((await db.select().from(auditEvents)).length).toBe(before);
    await db
      .update(bookings)
      .set({ status: 'cancelled', eventDate: '2020-03-03' })
      .where(eq(bookings.id, booking.id));
    const payout = await injectAs(t, admin, 'POST', '/api/payouts', {
      plannerId: planner.id,
      amount: 100,
      reference: 'AUDPAY0002',
    });
    expect(payout.statusCode).toBe(201);
    const payoutRows = await rowsAbout(payout.json().payout._id);
    expect(payoutRows).toHaveLength(1);
    expect(payoutRows[0]).toMatchObject({
      actorId: admin.id,
      action: 'payout.recorded',
      summary: { plannerId: planner.id, amountCents: 10_000, reference: 'AUDPAY0002' },
    });
  });

  it('a cancellation queues its refund with its row', async () => {
    const db = t.database.db;
    const planner = await createUser(db, { role: 'planner' });
    const client = await createUser(db, { role: 'client' });
    const { booking } = await createBookingOf(db, client, planner, { status: 'accepted', price: 5000 });
    const paid = await createPaymentRow(db, { bookingId: booking.id, userId: client.id, amount: 2000 });
    await settlePayment(t.app.paymentDeps, paid.id, { status: 'succeeded', receipt: 'AUD0000002' });
    expect(
      (await injectAs(t, planner, 'PATCH', `/api/bookings/${booking.id}`, { status: 'cancelled' }))
        .statusCode,
    ).toBe(200);
    const [refund] = await db.select().from(refunds).where(eq(refunds.paymentId, paid.id));
    expect((await rowsAbout(refund!.id)).map((row) => row.action)).toEqual(['refund.queued']);
  });
});

describe('GET /api/admin/audit', () => {
  it('pages the trail newest first, filtered by who, what and when', async () => {
    const user = await createUser(t.database.db, { role: 'client' });
    await injectAs(t, otherAdmin, 'PATCH', `/api/user/${user.id}/role`, { role: 'planner' });
    const all = await injectAs(t, admin, 'GET', '/api/admin/audit?limit=5');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ success: true, page: 1, total: expect.any(Number) });
    expect(body.events.length).toBeLessThanOrEqual(5);
    const times = body.events.map((event: { at: string }) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.events[0]).toMatchObject({
      action: 'user.role_changed',
      actor: { _id: otherAdmin.id, username: 'Second Admin', deleted: false },
      subjectId: user.id,
    });

    const byWho = (await injectAs(t, admin, 'GET', '/api/admin/audit?actor=second%20admin')).json();
    expect(byWho.events.length).toBeGreaterThan(0);
    expect(byWho.events.every((event: { actor: { _id: string } }) => event.actor._id === otherAdmin.id)).toBe(
      true,
    );
    const byId = (await injectAs(t, admin, 'GET', `/api/admin/audit?actor=${otherAdmin.id}`)).json();
    expect(byId.total).toBe(byWho.total);
    const byWhat = (await injectAs(t, admin, 'GET', '/api/admin/audit?action=payment.succeeded')).json();
    expect(byWhat.events.length).toBeGreaterThan(0);
    expect(
      byWhat.events.every(
        (event: { action: string; actor: null }) =>
          event.action === 'payment.succeeded' && event.actor === null,
      ),
    ).toBe(true);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const todays = (await injectAs(t, admin, 'GET', `/api/admin/audit?from=${today}&to=${today}`)).json();
    expect(todays.total).toBe(body.total);
    const past = (await injectAs(t, admin, 'GET', '/api/admin/audit?from=2020-01-01&to=2020-01-31')).json();
    expect(past).toMatchObject({ events: [], total: 0 });

    for (const bad of ['action=user.hacked', 'from=yesterday', 'to=2026-13-45', 'page=0', 'actor=']) {
      expect((await injectAs(t, admin, 'GET', `/api/admin/audit?${bad}`)).statusCode).toBe(400);
    }
  });

  it('is for admins only', async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    const planner = await createUser(t.database.db, { role: 'planner' });
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await injectAs(t, client, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    expect((await injectAs(t, planner, 'GET', '/api/admin/audit')).statusCode).toBe(403);
  });
});

describe('the trail cannot be changed', () => {
  it('refuses UPDATE, DELETE and TRUNCATE through SQL', async () => {
    const db = t.database.db;
    const [row] = await db.select().from(auditEvents).limit(1);
    expect(row).toBeDefined();
    await expect(
      db.update(auditEvents).set({ action: 'user.deleted' }).where(eq(auditEvents.id, row!.id)),
    ).rejects.toThrow();
    await expect(
      db.update(auditEvents).set({ ip: null }).where(eq(auditEvents.id, row!.id)),
    ).rejects.toThrow();
    await expect(db.delete(auditEvents).where(eq(auditEvents.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    // Even with the anonymising setting on, only blanking the address is allowed.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('sherehe.anonymising', 'on', true)`);
        await tx.update(auditEvents).set({ summary: {} }).where(eq(auditEvents.id, row!.id));
      }),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('sherehe.anonymising', 'on', true)`);
        await tx.delete(auditEvents).where(eq(auditEvents.id, row!.id));
      }),
    ).rejects.toThrow();
    expect((await db.select().from(auditEvents).where(eq(auditEvents.id, row!.id)))[0]).toEqual(row);
  });

  it('a deleted user’s trail stays, the person anonymised', async () => {
    const db = t.database.db;
    const leaving = await createUser(db, {
      role: 'admin',
      username: 'Leaving Admin',
      email: 'leaving.admin@example.test',
    });
    const subject = await createUser(db, { role: 'client' });
    expect(
      (await injectAs(t, leaving, 'PATCH', `/api/user/${subject.id}/role`, { role: 'planner' })).statusCode,
    ).toBe(200);
    const planner = await createUser(db, { role: 'planner' });
    const { booking } = await createBookingOf(db, leaving, planner, { status: 'accepted', price: 4000 });
    const paid = await createPaymentRow(db, { bookingId: booking.id, userId: leaving.id, amount: 1000 });
    await settlePayment(t.app.paymentDeps, paid.id, { status: 'succeeded', receipt: 'AUD0000003' });
    const before = await db.select().from(auditEvents).where(eq(auditEvents.actorId, leaving.id));
    expect(before).toHaveLength(1);
    expect(before[0]?.ip).toBe('127.0.0.1');

    expect((await injectAs(t, admin, 'DELETE', `/api/user/${leaving.id}`)).statusCode).toBe(200);
    const [deletion] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.deleted'), eq(auditEvents.actorId, admin.id)))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(deletion).toMatchObject({ subjectId: null, summary: { role: 'admin', keptAnonymised: true } });
    // Their role change stays, naming neither them nor the address they acted from.
    const [after] = await db.select().from(auditEvents).where(eq(auditEvents.id, before[0]!.id));
    expect(after).toEqual({ ...before[0], actorId: null, ip: null });
    expect(await db.select().from(auditEvents).where(eq(auditEvents.actorId, leaving.id))).toHaveLength(0);
    expect(await rowsAbout(leaving.id)).toHaveLength(0);
    expect(await rowsAbout(paid.id)).toHaveLength(1);

    const shown = (
      await injectAs(t, admin, 'GET', '/api/admin/audit?action=user.role_changed&limit=100')
    ).json();
    expect(shown.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          _id: before[0]!.id,
          actor: { _id: null, username: 'Deleted user', deleted: true },
          actorRole: 'admin',
          subjectId: subject.id,
          ip: null,
        }),
      ]),
    );
    const everything = (await injectAs(t, admin, 'GET', '/api/admin/audit?limit=100')).body;
    expect(everything).not.toMatch(/Leaving Admin|leaving\.admin/i);
    // Their own name no longer finds them.
    expect((await injectAs(t, admin, 'GET', '/api/admin/audit?actor=Leaving%20Admin')).json().total).toBe(0);
  });
});
