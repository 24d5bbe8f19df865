// The payment providers and their clients are made once per process: a payment and the refund of it
// share one Daraja client, so the simulator issues one OAuth token for both, not one per path.
import { describe, expect, it } from 'vitest';
import { nairobiDayFromToday } from '../../../test/dates';
import {
  acceptedBooking,
  cancelBooking,
  refundRowOf,
  settled,
  startPayment,
  until,
  usePaymentsApp,
} from './payments.test-support';

const t = usePaymentsApp();

describe('payment providers, built once per process', () => {
  it('an M-Pesa payment and its refund (a reversal) ask Daraja for one OAuth token between them', async () => {
    const sim = t.app.paymentSimulator!;
    expect(sim.daraja.tokensIssued).toBe(0);

    const w = await acceptedBooking(t, { eventDate: nairobiDayFromToday(45) });
    const started = await startPayment(t, w, { phone: '0712345678' });
    expect(started.statusCode).toBe(201);
    expect((await settled(t, w, started.json().payment._id)).status).toBe('succeeded');
    expect(sim.daraja.tokensIssued).toBe(1);

    // Cancelled 45 days ahead by the client: the deposit goes back by an M-Pesa reversal, sent by
    // the refund job with the same client, so with the token it already holds.
    const cancelled = await cancelBooking(t, w, 'client');
    expect(cancelled.statusCode).toBe(200);
    const refundOf = () => refundRowOf(t, w);
    const refund = await until(refundOf, (row) => row?.status === 'succeeded');
    expect(refund).toMatchObject({ status: 'succeeded', amount: 3000 });
    expect(sim.daraja.tokensIssued).toBe(1);
  });
});
