import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import { createCategory, createUser, packageFormFields, type TestUser } from '../../../test/factories';
import { form, pngImage } from '../../../test/images';
import { bookings, refunds } from '../../db/schema';
import { cancelBooking, payBySimulator, usePaymentsApp, type World } from '../payments/payments.test-support';

// A package's cancellation policy, chosen in its form, copied onto a booking when requested and
// applied by the refund rules when the client cancels (docs/money.md, Refunds).
const t = usePaymentsApp();
let categoryId: string;
let png: Buffer;
beforeAll(async () => {
  categoryId = (await createCategory(t.database.db)).id;
  png = await pngImage();
});

async function createPackageAs(planner: TestUser, overrides: Record<string, string> = {}) {
  return injectAs(
    t,
    planner,
    'POST',
    '/api/packages/create',
    form(packageFormFields(categoryId, { price: '10000', ...overrides }), { bytes: png }),
  );
}

const changePolicy = (planner: TestUser, packageId: string, cancellationPolicy: string) => {
  const data = new FormData();
  data.append('cancellationPolicy', cancellationPolicy);
  return injectAs(t, planner, 'PUT', `/api/packages/update/${packageId}`, data);
};

/** A planner's package with `policy`, requested by a client for `daysAhead` days from today and accepted. */
async function bookedUnder(policy: string | undefined, daysAhead: number) {
  const planner = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
  const client = await createUser(t.database.db, { role: 'client' });
  const created = await createPackageAs(planner, policy ? { cancellationPolicy: policy } : {});
  expect(created.statusCode).toBe(201);
  const pkg = created.json().data as { _id: string; cancellationPolicy: string };
  const requested = await injectAs(t, client, 'POST', '/api/bookings/create', {
    package: pkg._id,
    planner: planner.id,
    date: `${nairobiDayFromToday(daysAhead)}T00:00:00.000Z`,
  });
  expect(requested.statusCode).toBe(201);
  const booking = requested.json().booking as { _id: string; cancellationPolicy: string; eventDate: string };
  const accepted = await injectAs(t, planner, 'PATCH', `/api/bookings/${booking._id}`, {
    status: 'accepted',
  });
  expect(accepted.statusCode).toBe(200);
  const w: World = {
    client,
    planner,
    bookingId: booking._id,
    packageTitle: 'Garden Wedding',
    eventDate: booking.eventDate,
  };
  return { w, pkg, booking };
}

const pay = (w: World, purpose: 'deposit' | 'balance') => payBySimulator(t, w, purpose);

const preview = async (w: World) =>
  (await injectAs(t, w.client, 'GET', `/api/bookings/${w.bookingId}/refund-preview`)).json().preview;

const refundRows = (w: World) =>
  t.database.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));

describe('cancellation policies', () => {
  it('a package is moderate unless its planner chooses; every read of it says which', async () => {
    const planner = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
    const plain = await createPackageAs(planner);
    expect(plain.json().data.cancellationPolicy).toBe('moderate');
    const strict = await createPackageAs(planner, { cancellationPolicy: 'strict' });
    expect(strict.statusCode).toBe(201);
    const id = strict.json().data._id;
    expect((await t.app.inject({ url: `/api/packages/${id}` })).json().data.cancellationPolicy).toBe(
      'strict',
    );
    const listed = (await t.app.inject({ url: `/api/packages?planner=${planner.id}` })).json().data as Array<{
      _id: string;
      cancellationPolicy: string;
    }>;
    expect(listed.find((p) => p._id === id)?.cancellationPolicy).toBe('strict');
    const changed = await changePolicy(planner, id, 'flexible');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.cancellationPolicy).toBe('flexible');
  });

  it('refuses a policy that is not one of the three, naming the field, and changes nothing', async () => {
    const planner = await createUser(t.database.db, { role: 'planner', planId: 'pro' });
    for (const value of ['lenient', 'STRICT', '', 'moderate ']) {
      const response = await createPackageAs(planner, { cancellationPolicy: value });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().errors[0]).toEqual({
        path: 'cancellationPolicy',
        message: 'The cancellation policy must be flexible, moderate or strict.',
      });
    }
    const id = (await createPackageAs(planner, { cancellationPolicy: 'strict' })).json().data._id;
    const refused = await changePolicy(planner, id, 'none');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('cancellationPolicy');
    expect((await t.app.inject({ url: `/api/packages/${id}` })).json().data.cancellationPolicy).toBe(
      'strict',
    );
  });

  it('strict, a client cancelling 45 days ahead: the deposit is kept, only the balance payment goes back', async () => {
    const { w, booking } = await bookedUnder('strict', 45);
    expect(booking.cancellationPolicy).toBe('strict');
    const deposit = await pay(w, 'deposit');
    const balance = await pay(w, 'balance');
    expect(await preview(w)).toMatchObject({
      rule: 'client_strict_30_to_89_days',
      amountPaid: 10_000,
      amount: 10_000 - deposit.amount,
      kept: deposit.amount,
    });
    expect((await cancelBooking(t, w, 'client')).statusCode).toBe(200);
    const rows = await refundRows(w);
    expect(rows.map((r) => ({ paymentId: r.paymentId, rule: r.rule }))).toEqual([
      { paymentId: balance._id, rule: 'client_strict_30_to_89_days' },
    ]);
  });

  it('strict, the planner cancelling: everything goes back', async () => {
    const { w } = await bookedUnder('strict', 45);
    await pay(w, 'deposit');
    expect((await cancelBooking(t, w, 'planner')).statusCode).toBe(200);
    expect((await refundRows(w)).map((r) => r.rule)).toEqual(['cancelled_by_planner']);
  });

  it('flexible, a client cancelling 10 days ahead: everything goes back', async () => {
    const { w, booking } = await bookedUnder('flexible', 10);
    expect(booking.cancellationPolicy).toBe('flexible');
    const deposit = await pay(w, 'deposit');
    const balance = await pay(w, 'balance');
    expect(await preview(w)).toMatchObject({
      rule: 'client_flexible_7_days_or_more',
      amount: 10_000,
      kept: 0,
    });
    expect((await cancelBooking(t, w, 'client')).statusCode).toBe(200);
    const rows = await refundRows(w);
    expect(rows.map((r) => r.paymentId).sort()).toEqual([deposit._id, balance._id].sort());
    expect(new Set(rows.map((r) => r.rule))).toEqual(new Set(['client_flexible_7_days_or_more']));
  });

  it("changing the package's policy after the request does not change the booking's", async () => {
    const { w, pkg } = await bookedUnder(undefined, 45);
    expect((await changePolicy(w.planner, pkg._id, 'flexible')).json().data.cancellationPolicy).toBe(
      'flexible',
    );
    const mine = (await injectAs(t, w.client, 'GET', '/api/bookings/my')).json().bookings as Array<{
      _id: string;
      cancellationPolicy: string;
    }>;
    expect(mine.find((b) => b._id === w.bookingId)?.cancellationPolicy).toBe('moderate');
    const [stored] = await t.database.db
      .select({ policy: bookings.cancellationPolicy })
      .from(bookings)
      .where(eq(bookings.id, w.bookingId));
    expect(stored?.policy).toBe('moderate');
    // Still moderate's rule: 45 days ahead gives everything back (strict would keep the deposit).
    await changePolicy(w.planner, pkg._id, 'strict');
    await pay(w, 'deposit');
    expect(await preview(w)).toMatchObject({ rule: 'client_30_days_or_more', kept: 0 });
    await cancelBooking(t, w, 'client');
    expect((await refundRows(w)).map((r) => r.rule)).toEqual(['client_30_days_or_more']);
  });
});
