import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nairobiDayFromToday } from '../../../test/dates';
import { jobs, ledgerEntries } from '../../db/schema';
import {
  acceptedBooking,
  cancelBooking,
  refundRowOf,
  settled,
  startPayment,
  until,
  usePaymentsApp,
} from '../payments/payments.test-support';
import {
  REFUND_STATUS_FIRST_AFTER_MS,
  refundStatusJobKey,
  runRefundStatusJob,
} from './refund-status.service';

// A fresh database (createTestApp), the simulator's callbacks 150 ms after each request.
const t = usePaymentsApp();

describe('a refund whose reversal result never comes', () => {
  it('stays pending until the status job asks Daraja; then settles once, and asking again changes nothing', async () => {
    const sim = t.app.paymentSimulator!.daraja;
    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(45) });
    const started = await startPayment(t, w, { purpose: 'deposit', phone: '0712345678' });
    expect(started.statusCode).toBe(201);
    expect((await settled(t, w, started.json().payment._id)).status).toBe('succeeded');

    // Daraja decides the reversal but its result never reaches us.
    sim.dropReversalResults = true;
    const cancelled = await cancelBooking(t, w, 'client');
    expect(cancelled.statusCode).toBe(200);
    const refundOf = () => refundRowOf(t, w);
    // The reversal was accepted (its ConversationID recorded)…
    const sent = await until(refundOf, (row) => row?.providerRef != null);
    expect(sent).toMatchObject({ status: 'pending', amount: 3000 });
    const refund = sent!;
    // …and the question is planned for a minute later.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, refundStatusJobKey(refund.id)));
    expect(job).toMatchObject({ kind: 'refund-status', status: 'pending' });
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(REFUND_STATUS_FIRST_AFTER_MS - 10_000);

    // Well past the simulator's delay, nothing has come: still pending, nothing in the ledger.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await refundOf()).toMatchObject({ status: 'pending' });
    const refundRows = () =>
      t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refundId, refund.id));
    expect(await refundRows()).toHaveLength(0);

    // The job asks (Transaction Status); while the answer is on its way it says "still pending".
    const deps = t.app.paymentDeps;
    await expect(runRefundStatusJob(deps, refund.id)).rejects.toThrow(/still pending/);
    const done = await until(refundOf, (row) => row?.status !== 'pending');
    expect(done).toMatchObject({ status: 'succeeded', providerRef: refund.providerRef });
    expect((await refundRows()).filter((row) => row.kind === 'refund')).toEqual([
      expect.objectContaining({ kind: 'refund', amount: -3000 }),
    ]);

    // A second run finds it settled: it asks nothing, changes nothing.
    const before = { refund: await refundOf(), ledger: await refundRows() };
    await runRefundStatusJob(deps, refund.id);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await refundOf()).toEqual(before.refund);
    expect(await refundRows()).toEqual(before.ledger);

    // Even a status answer delivered twice settles it once: ask directly, twice, and wait for both.
    const provider = deps.providers.mpesa!;
    await provider.askRefundStatus!(refund.providerRef!);
    await provider.askRefundStatus!(refund.providerRef!);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await refundOf()).toEqual(before.refund);
    expect(await refundRows()).toEqual(before.ledger);
  });
});
