/**
 * The ledger adds up (docs/money.md#refunds-the-ledger-and-payouts): random sequences of payments (some after a cancellation, some for
 * plans), cancellations by either party, completions, events passing, refunds settling either way
 * and payouts of random amounts, through the routes and services. After every step each planner's
 * balances equal the sums of their ledger rows, the rows equal what the payments, refunds and
 * payouts tables say, nothing is negative, and a payout is refused exactly when it exceeds what is payable.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, useTestApp } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createBookingOf, createPaymentRow, createUser, type TestUser } from '../../../test/factories';
import { bookings, ledgerEntries, payments, payouts, refunds, users } from '../../db/schema';
import { settlePayment } from '../payments/payments.service';
import { settleRefund } from './refunds.service';

let admin: TestUser;

const t = useTestApp();
beforeAll(async () => {
  // Queued refunds are settled by the test itself, never by a provider in the background.
  await t.app.jobs.stop();
  admin = await createUser(t.database.db, { role: 'admin' });
});

type Action =
  | { kind: 'pay'; booking: number; cents: number; card: boolean }
  | { kind: 'planPayment'; cents: number }
  | { kind: 'cancel'; booking: number; by: 'client' | 'planner'; daysAhead: number }
  | { kind: 'complete'; booking: number }
  | { kind: 'eventPasses'; booking: number }
  | { kind: 'settleRefund'; pick: number; succeeded: boolean }
  | { kind: 'payout'; planner: number; share: number };

const BOOKINGS = 2;
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      booking: fc.nat(BOOKINGS - 1),
      cents: fc.integer({ min: 1, max: 900_000 }),
      card: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('planPayment' as const),
      cents: fc.integer({ min: 100, max: 500_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      booking: fc.nat(BOOKINGS - 1),
      by: fc.constantFrom('client' as const, 'planner' as const),
      daysAhead: fc.constantFrom(1, 10, 40),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('complete' as const), booking: fc.nat(BOOKINGS - 1) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('eventPasses' as const), booking: fc.nat(BOOKINGS - 1) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settleRefund' as const),
      pick: fc.nat(20),
      succeeded: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      planner: fc.nat(1),
      // Often the whole payable balance: what would leave nothing for a refund still to come.
      share: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 130 })),
    }),
  },
);

interface World {
  planners: TestUser[];
  client: TestUser;
  bookingIds: string[];
  plannerOf: string[];
}

let reference = 0;
/** What the sequences reached, so a run that never paid out or refunded cannot pass unnoticed. */
const seen = { payouts: 0, refused: 0, refunds: 0, lateRefunds: 0 };

async function makeWorld(): Promise<World> {
  const db = t.database.db;
  const planners = [
    await createUser(db, { role: 'planner', planId: 'pro' }),
    await createUser(db, { role: 'planner', planId: 'pro' }),
  ];
  const client = await createUser(db, { role: 'client', planId: 'enterprise' });
  const bookingIds: string[] = [];
  const plannerOf: string[] = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const planner = planners[i % 2]!;
    const { booking: row } = await createBookingOf(db, client, planner, {
      status: 'accepted',
      price: 20_000,
      eventDate: nairobiDayFromToday(40),
    });
    bookingIds.push(row.id);
    plannerOf.push(planner.id);
  }
  return { planners, client, bookingIds, plannerOf };
}

async function run(w: World, a: Action) {
  const db = t.database.db;
  const deps = t.app.paymentDeps;
  switch (a.kind) {
    case 'pay':
    case 'planPayment': {
      // A payment succeeding, whatever the booking's status by then (one started before a cancellation).
      const booking = a.kind === 'pay' ? w.bookingIds[a.booking]! : null;
      const card = a.kind === 'pay' && a.card;
      const cents = card ? a.cents : Math.ceil(a.cents / 100) * 100;
      const row = await createPaymentRow(db, {
        ...(booking ? { bookingId: booking } : { bookingId: null as unknown as string, planId: 'pro' }),
        userId: w.client.id,
        purpose: booking ? 'balance' : 'plan',
        method: card ? 'card' : 'mpesa',
        amount: cents / 100,
      });
      await settlePayment(deps, row.id, { status: 'succeeded', receipt: `R${row.id}` });
      return;
    }
    case 'cancel': {
      const id = w.bookingIds[a.booking]!;
      const [current] = await db.select().from(bookings).where(eq(bookings.id, id));
      // The day decides the client's refund: moved first, as if the cancellation came that close to it.
      if (current!.status === 'accepted' && current!.eventDate! > nairobiDayFromToday(0))
        await db
          .update(bookings)
          .set({ eventDate: nairobiDayFromToday(a.daysAhead) })
          .where(eq(bookings.id, id));
      const user = a.by === 'client' ? w.client : w.planners[w.bookingIds.indexOf(id) % 2]!;
      await injectAs(t, user, 'PATCH', `/api/bookings/${id}`, { status: 'cancelled' });
      return;
    }
    case 'complete': {
      const id = w.bookingIds[a.booking]!;
      const planner = w.planners[a.booking % 2]!;
      // A booking is completed from its event day: the day comes first, if it is still ahead.
      await db
        .update(bookings)
        .set({ eventDate: nairobiDayFromToday(0) })
        .where(and(eq(bookings.id, id), sql`${bookings.eventDate} > ${nairobiDayFromToday(0)}::date`));
      await injectAs(t, planner, 'PATCH', `/api/bookings/${id}`, { status: 'completed' });
      return;
    }
    case 'eventPasses':
      await db
        .update(bookings)
        .set({ eventDate: '2020-02-02' })
        .where(eq(bookings.id, w.bookingIds[a.booking]!));
      return;
    case 'settleRefund': {
      const pending = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(sql`${refunds.bookingId} in ${w.bookingIds}`, eq(refunds.status, 'pending')))
        .orderBy(refunds.createdAt, refunds.id);
      const chosen = pending[a.pick % Math.max(1, pending.length)];
      if (chosen && a.succeeded) seen.refunds++;
      if (chosen)
        await settleRefund(
          deps,
          chosen.id,
          a.succeeded ? { status: 'succeeded' } : { status: 'failed', detail: 'refused' },
        );
      return;
    }
    case 'payout': {
      const planner = w.planners[a.planner]!;
      const before = await earnings(planner);
      const cents = Math.max(1, Math.floor((Math.round(before.payable * 100) * a.share) / 100));
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/payouts',
        headers: admin.headers,
        payload: {
          plannerId: planner.id,
          amount: cents / 100,
          reference: `PROP${String(++reference).padStart(6, '0')}`,
        },
      });
      expect(answer.statusCode).toBe(cents <= Math.round(before.payable * 100) ? 201 : 409);
      if (answer.statusCode === 201) seen.payouts++;
      else seen.refused++;
      return;
    }
  }
}

const earnings = async (planner: TestUser) =>
  (await t.app.inject({ url: '/api/earnings', headers: planner.headers })).json() as {
    balance: number;
    pending: number;
    payable: number;
    entries: Array<{ amount: number }>;
  };

const toCents = (value: string | number) => Math.round(Number(value) * 100);

/** The balances against the ledger rows, and the rows against the tables they record. */
async function checkInvariants(w: World) {
  const db = t.database.db;
  for (const planner of w.planners) {
    const shown = await earnings(planner);
    const [rows] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.plannerId, planner.id));
    expect(toCents(shown.balance)).toBe(toCents(rows!.total));
    expect(toCents(shown.pending) + toCents(shown.payable)).toBe(toCents(shown.balance));
    expect(shown.pending).toBeGreaterThanOrEqual(0);
    expect(shown.payable).toBeGreaterThanOrEqual(0);

    // Every shilling a row: payments less fees, less refunds, plus fees given back, less payouts.
    const [source] = await db
      .select({
        total: sql<string>`(
        coalesce((select sum(p.amount - p.fee) from ${payments} p join ${bookings} b on b.id = p.booking_id
                  where b.planner_id = ${planner.id} and p.status = 'succeeded' and p.purpose <> 'plan'), 0)
      - coalesce((select sum(r.amount - p.fee) from ${refunds} r join ${payments} p on p.id = r.payment_id
                  join ${bookings} b on b.id = r.booking_id where b.planner_id = ${planner.id} and r.status = 'succeeded'), 0)
      - coalesce((select sum(o.amount) from ${payouts} o where o.planner_id = ${planner.id}), 0)
      )::text`,
      })
      .from(users)
      .where(eq(users.id, planner.id));
    expect(toCents(source!.total)).toBe(toCents(rows!.total));
  }
}

describe('the ledger', () => {
  it('balances always equal the sum of the rows and never go negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 30, size: 'max' }), async (actions) => {
        const w = await makeWorld();
        for (const a of actions) {
          await run(w, a);
          await checkInvariants(w);
        }
      }),
      { numRuns: 20, seed: 20261124 },
    );
    const late = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.rule, 'paid_after_cancellation'));
    seen.lateRefunds = late.length;
    expect(seen.payouts).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.refunds).toBeGreaterThan(0);
    expect(seen.lateRefunds).toBeGreaterThan(0);
  }, 240_000);
});
