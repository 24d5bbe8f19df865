import { ClientEvents, ServerEvents } from '@sherehe/shared/socket-events';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { collect, connected, connectSocket, emitAck } from '../../../test/sockets';
import { payments } from '../../db/schema';
import {
  acceptedBooking,
  amountPaid,
  checkPayment,
  darajaCallback,
  ledgerRowsOf,
  paymentRow,
  postPaymentCallback,
  receiptMailJobs,
  resultKnownAtProvider,
  startPayment,
  until,
  usePaymentsApp,
} from './payments.test-support';

/**
 * Daraja retries a callback it thinks went unanswered, and an admin may press Check meanwhile: every
 * one of them settles the payment under its row lock, so it is counted once however they interleave.
 * On PostgreSQL (TEST_DATABASE_URL) the requests run on connections of their own, truly at once; on
 * PGlite they take turns on its one connection. The simulator's own callback waits a minute.
 */
let admin: TestUser;

const t = usePaymentsApp(() => ({ SIM_CALLBACK_DELAY_MS: '60000' }));
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
});

const CALLBACKS = 8;
const CHECKS = 2;

describe('one successful M-Pesa payment, told many times at once', () => {
  it(`is counted once: ${CALLBACKS} copies of its callback and ${CHECKS} admin checks in parallel`, async () => {
    const w = await acceptedBooking(t);
    const started = await startPayment(t, w, { phone: '0712345678' });
    expect(started.statusCode).toBe(201);
    const id = started.json().payment._id as string;
    const ref = (await paymentRow(t, id)).providerRef!;

    // The booking's room hears of each change: one success (and at most the receipt number after it).
    const socket = connectSocket(t.url, { token: w.planner.token });
    await connected(socket);
    await emitAck(socket, ClientEvents.joinRoom, { bookingId: w.bookingId });
    const heard = collect<{ _id: string; status: string; receipt: string | null }>(
      socket,
      ServerEvents.paymentUpdated,
    );

    const callback = darajaCallback(ref, 3000, 'PARALLEL01');
    const answers = await resultKnownAtProvider(t, () =>
      Promise.all([
        ...Array.from({ length: CALLBACKS }, () => postPaymentCallback(t, id, callback)),
        ...Array.from({ length: CHECKS }, () => checkPayment(t, admin, id)),
      ]),
    );
    const callbacks = answers.slice(0, CALLBACKS);
    const checks = answers.slice(CALLBACKS);
    for (const answer of callbacks) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    // A check that found it pending answers it settled; one that came after, that it is no longer pending.
    for (const answer of checks) {
      expect([200, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 200) expect(answer.json().payment.status).toBe('succeeded');
    }

    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, w.bookingId));
    expect(rows.map((row) => row.status)).toEqual(['succeeded']);
    expect(rows[0]).toMatchObject({ amount: 3000, fee: 300 });
    expect(await amountPaid(t, w)).toBe(3000);
    const ledger = await ledgerRowsOf(t, id);
    expect(ledger.map((row) => [row.kind, row.amount]).sort()).toEqual([
      ['fee', -300],
      ['payment', 3000],
    ]);
    expect(await receiptMailJobs(t, id)).toHaveLength(1);

    // Every broadcast was made before its request was answered, and the room hears them in order (on
    // PostgreSQL through the adapter's notifications): once the balance started after them is heard,
    // they all have been.
    const balance = await startPayment(t, w, { purpose: 'balance', method: 'card' });
    expect(balance.statusCode).toBe(201);
    const balanceId = balance.json().payment._id as string;
    await until(
      async () => heard,
      (events) => events.some((p) => p._id === balanceId),
    );
    socket.disconnect();
    expect(heard.some((p) => p._id === balanceId)).toBe(true);
    const successes = heard.filter((p) => p._id === id && p.status === 'succeeded');
    expect(successes.length).toBeGreaterThanOrEqual(1);
    // Settled once: no receipt is announced twice (a check settles with the CheckoutRequestID standing
    // in for the receipt, and a callback after it may bring the number, once).
    const receipts = successes.map((p) => p.receipt);
    expect(new Set(receipts).size).toBe(receipts.length);
  });
});
