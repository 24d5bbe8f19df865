import type { BookingStatus } from '@sherehe/shared/booking-status';
import { todayInNairobi } from '@sherehe/shared/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, nairobiDayFromToday } from '../../test/dates';
import {
  createBookingOf,
  createPackage,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { bookings, jobs, users } from '../db/schema';
import {
  acceptedBooking,
  checkPayment,
  ledgerRowsOf,
  type PaymentsApp,
  paymentRow,
  resultKnownAtProvider,
  settled,
  startPayment,
  startPaymentsApp,
  until,
} from '../modules/payments/payments.test-support';
import { type DomainEvents, type DomainEventType, domainEventHandlers, onDomainEvent } from './domain-events';

/**
 * The domain events as the API raises them: each change raises its event once, inside the
 * transaction that makes it (a handler that fails undoes the change), and each event reaches the
 * handlers of the modules that care (docs/modules.md).
 */
const EVENTS: DomainEventType[] = [
  'user.accessRevoked',
  'user.deleted',
  'payment.succeeded',
  'payment.failed',
  'payment.lateNotOwed',
  'refund.succeeded',
  'booking.requested',
  'booking.statusChanged',
  'booking.accepted',
  'booking.cancelled',
  'booking.completed',
];

let t: PaymentsApp;
const seen: Array<{ type: DomainEventType; event: DomainEvents[DomainEventType] }> = [];
/** Set by a test to make the next handler of that event fail. */
let failOn: DomainEventType | undefined;

beforeAll(async () => {
  t = await startPaymentsApp();
  for (const type of EVENTS) {
    onDomainEvent(type, 'test: record', async (_tx, event) => {
      if (failOn === type) throw new Error(`handler of ${type} failed`);
      seen.push({ type, event });
    });
  }
});
afterAll(() => t.close());
beforeEach(() => {
  seen.length = 0;
  failOn = undefined;
});

const of = <K extends DomainEventType>(type: K) =>
  seen.filter((entry) => entry.type === type).map((entry) => entry.event as DomainEvents[K]);

/** A client and a planner with a booking of the planner's package, straight into the tables. */
async function pairWith(options: { status: BookingStatus; eventDate?: string }) {
  const db = t.database.db;
  const client = await createUser(db, { role: 'client' });
  const planner = await createUser(db, { role: 'planner', planId: 'pro' });
  const { booking } = await createBookingOf(db, client, planner, options);
  return { client, planner, booking };
}

/** PATCH /api/bookings/{id} as `who`. */
const setStatus = (who: TestUser, id: string, status: BookingStatus) =>
  t.app.inject({ method: 'PATCH', url: `/api/bookings/${id}`, headers: who.headers, payload: { status } });

describe('domain events', () => {
  it('each has the handlers of the modules that care, registered once in events/handlers.ts', () => {
    expect(domainEventHandlers('payment.succeeded')).toEqual([
      "ledger: a booking payment's payment and fee rows",
      "plans: a plan payment starts or extends the plan's 30 days",
      "notifications: a booking payment's client is told by SMS",
      'audit: the money that came in',
      'test: record',
    ]);
    expect(domainEventHandlers('booking.accepted')[0]).toMatch(/^calendar: /);
    expect(domainEventHandlers('booking.requested').map((name) => name.split(':')[0])).toEqual([
      'notifications',
      'notifications',
      'calendar',
      'test',
    ]);
    expect(domainEventHandlers('booking.statusChanged')[0]).toMatch(/^notifications: /);
    expect(domainEventHandlers('booking.statusChanged')[1]).toMatch(/^notifications: .* by SMS/);
    for (const type of ['quote.offered', 'quote.accepted', 'booking.declinedDayFull'] as const)
      expect(domainEventHandlers(type)[0]).toMatch(/^notifications: .* by SMS$/);
    expect(domainEventHandlers('booking.cancelled')[0]).toMatch(/^ledger: /);
    expect(domainEventHandlers('payment.lateNotOwed')[0]).toMatch(/^ledger: /);
    expect(domainEventHandlers('payment.lateNotOwed')[1]).toMatch(/^audit: /);
    expect(domainEventHandlers('payment.failed')[0]).toMatch(/^audit: /);
    expect(domainEventHandlers('user.deleted').map((name) => name.split(':')[0])).toEqual([
      'sessions',
      'calendar',
      'availability',
      'reviews',
      'sms',
      'audit',
      'test',
    ]);
  });

  it('a request, an acceptance, a payment, a cancellation and its refund each raise theirs once', async () => {
    const db = t.database.db;
    const client = await createUser(db, { role: 'client', planId: 'enterprise' });
    const planner = await createUser(db, { role: 'planner', planId: 'pro' });
    const pkg = await createPackage(db, { plannerId: planner.id, price: 20_000 });
    const date = addDays(nairobiDayFromToday(0), 40);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: client.headers,
      payload: { package: pkg.id, planner: planner.id, date, message: 'For 120 guests' },
    });
    expect(created.statusCode).toBe(201);
    const bookingId = created.json().booking._id as string;
    expect(of('booking.requested').map((e) => e.booking.id)).toEqual([bookingId]);

    expect((await setStatus(planner, bookingId, 'accepted')).statusCode).toBe(200);
    expect(of('booking.accepted').map((e) => [e.booking.id, e.booking.status])).toEqual([
      [bookingId, 'accepted'],
    ]);

    const w = { client, planner, bookingId, packageTitle: pkg.title, eventDate: date };
    const started = await startPayment(t, w, { phone: '0712345678' });
    expect(started.statusCode).toBe(201);
    const paid = await settled(t, w, started.json().payment._id);
    expect(paid.status).toBe('succeeded');
    expect(of('payment.succeeded').map((e) => [e.payment.id, e.payment.status, e.payment.bookingId])).toEqual(
      [[paid._id, 'succeeded', bookingId]],
    );
    expect(of('payment.failed')).toEqual([]);

    expect((await setStatus(client, bookingId, 'cancelled')).statusCode).toBe(200);
    expect(of('booking.cancelled').map((e) => [e.booking.id, e.by])).toEqual([[bookingId, ['client']]]);
    // 40 days ahead: everything back, by the refund job the ledger queued.
    const refunds = await until(
      async () => of('refund.succeeded'),
      (list) => list.length > 0,
    );
    expect(refunds.map((e) => [e.refund.paymentId, e.refund.status, e.refund.amount])).toEqual([
      [paid._id, 'succeeded', 6000],
    ]);
    expect(seen.map((entry) => entry.type)).toEqual([
      'booking.requested',
      'booking.statusChanged',
      'booking.accepted',
      'payment.succeeded',
      'booking.cancelled',
      'booking.statusChanged',
      'refund.succeeded',
    ]);
    expect(of('booking.statusChanged').map((e) => [e.from, e.booking.status, e.actorId])).toEqual([
      ['pending', 'accepted', planner.id],
      ['accepted', 'cancelled', client.id],
    ]);
  });

  it('a payment that fails raises payment.failed, and nothing is counted', async () => {
    const w = await acceptedBooking(t);
    const started = await startPayment(t, w, { phone: '0712340001' });
    expect(started.statusCode).toBe(201);
    const payment = await settled(t, w, started.json().payment._id);
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
    expect(of('payment.failed').map((e) => [e.payment.id, e.payment.status])).toEqual([
      [payment._id, 'failed'],
    ]);
    expect(of('payment.succeeded')).toEqual([]);
  });

  it('completing a booking on its day raises booking.completed', async () => {
    const { planner, booking } = await pairWith({ status: 'accepted', eventDate: todayInNairobi() });
    expect((await setStatus(planner, booking.id, 'completed')).statusCode).toBe(200);
    expect(of('booking.completed').map((e) => [e.booking.id, e.booking.status, e.by])).toEqual([
      [booking.id, 'completed', ['planner']],
    ]);
  });

  it('deleting an account raises user.deleted once, before the account is gone', async () => {
    const client = await createUser(t.database.db, { role: 'client' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: client.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(of('user.deleted').map((e) => e.userId)).toEqual([client.id]);
    expect(await t.database.db.select().from(users).where(eq(users.id, client.id))).toEqual([]);
  });

  it('a handler that fails undoes the change that raised it: the acceptance is not saved', async () => {
    const db = t.database.db;
    const { planner, booking } = await pairWith({ status: 'pending' });
    failOn = 'booking.accepted';
    expect((await setStatus(planner, booking.id, 'accepted')).statusCode).toBe(500);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('pending');
    // Nor were the reminders the calendar's handler had already queued in that transaction.
    const reminders = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'booking-reminder')));
    expect(
      reminders.filter((job) => (job.payload as { bookingId?: string }).bookingId === booking.id),
    ).toEqual([]);

    failOn = undefined;
    expect((await setStatus(planner, booking.id, 'accepted')).statusCode).toBe(200);
    const after = await db.select().from(jobs).where(eq(jobs.kind, 'booking-reminder'));
    expect(
      after.filter((job) => (job.payload as { bookingId?: string }).bookingId === booking.id).length,
    ).toBeGreaterThan(0);
  });

  it('a payment handler that fails leaves the payment pending, and it is counted once when settled again', async () => {
    const w = await acceptedBooking(t);
    const admin = await createUser(t.database.db, { role: 'admin' });
    failOn = 'payment.succeeded';
    const started = await startPayment(t, w, { phone: '0712345678' });
    expect(started.statusCode).toBe(201);
    const id = started.json().payment._id as string;
    // An admin asks the provider, which knows the payment succeeded: the settling transaction fails
    // in the handler, and nothing of it is saved.
    const failed = await resultKnownAtProvider(t, () => checkPayment(t, admin, id));
    expect(failed.statusCode).toBe(500);
    expect((await paymentRow(t, id)).status).toBe('pending');
    expect(await ledgerRowsOf(t, id)).toEqual([]);

    failOn = undefined;
    const counted = await until(
      async () => {
        await resultKnownAtProvider(t, () => checkPayment(t, admin, id));
        return paymentRow(t, id);
      },
      (row) => row.status !== 'pending',
    );
    expect(counted.status).toBe('succeeded');
    expect((await ledgerRowsOf(t, id)).map((row) => row.kind).sort()).toEqual(['fee', 'payment']);
    expect(of('payment.succeeded').map((e) => e.payment.id)).toEqual([id]);
  });
});
