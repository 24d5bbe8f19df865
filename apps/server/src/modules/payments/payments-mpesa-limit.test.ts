import { createServer as createHttpServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/build-app';
import { createUser } from '../../../test/factories';
import { jobs, payments } from '../../db/schema';
import {
  acceptedBooking,
  depositPaid,
  type PaymentsApp,
  startPayment,
  startPaymentsApp,
} from './payments.test-support';

/**
 * M-Pesa takes at most MPESA_MAX_AMOUNT (Ksh 250,000 by default) in one payment: a larger amount is
 * refused before anything is written, and Daraja (here a server that counts what reaches it) is never
 * asked. Cards go through the simulator.
 */
let t: PaymentsApp;
let daraja: Server;
let darajaCalls = 0;

beforeAll(async () => {
  daraja = createHttpServer((_request, response) => {
    darajaCalls += 1;
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => daraja.listen(0, '127.0.0.1', resolve));
  const { port } = daraja.address() as { port: number };
  t = await startPaymentsApp({ DARAJA_BASE_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => daraja.close(resolve));
});

/** A booking of `price` whose deposit payment was `paid`. */
async function withDeposit(price: number, paid: number) {
  const w = await acceptedBooking(t, { price });
  await t.database.db
    .update(payments)
    .set({ amount: paid })
    .where(eq(payments.id, (await depositPaid(t, w)).id));
  return w;
}

/** A Ksh 450,000 wedding whose 135,000 deposit is paid: Ksh 315,000 left. */
const bigBalance = () => withDeposit(450_000, 135_000);

const balanceRows = (bookingId: string) =>
  t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.purpose, 'balance')));

describe('an amount above M-Pesa’s per-transaction limit', () => {
  it('is refused for M-Pesa with a 409 that says to pay by card; nothing is written and Daraja is never called', async () => {
    const w = await bigBalance();
    const before = darajaCalls;
    const jobsBefore = (await t.database.db.select().from(jobs)).length;
    const refused = await startPayment(t, w, { purpose: 'balance', method: 'mpesa', phone: '0712345678' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'M-Pesa takes at most Ksh 250,000 in one payment. Please pay this amount by card.',
    });
    expect(await balanceRows(w.bookingId)).toEqual([]);
    expect((await t.database.db.select().from(jobs)).length).toBe(jobsBefore);
    expect(darajaCalls).toBe(before);

    const byCard = await startPayment(t, w, { purpose: 'balance', method: 'card' });
    expect(byCard.statusCode).toBe(201);
    expect(byCard.json().payment).toMatchObject({ method: 'card', amount: 315_000, status: 'pending' });
    expect(byCard.json().payment.checkoutUrl).toEqual(expect.any(String));
  });

  it('is told in Kiswahili to a Kiswahili page', async () => {
    const w = await bigBalance();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...w.client.headers, cookie: 'lang=sw' },
      payload: { bookingId: w.bookingId, purpose: 'balance', method: 'mpesa', phone: '0712345678' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'M-Pesa inapokea hadi Ksh 250,000 kwa malipo moja. Tafadhali lipa kiasi hiki kwa kadi.',
    );
  });

  it('lets exactly the limit go to M-Pesa', async () => {
    const w = await withDeposit(400_000, 150_000);
    const before = darajaCalls;
    const started = await startPayment(t, w, { purpose: 'balance', method: 'mpesa', phone: '0712345678' });
    expect(started.statusCode).toBe(201);
    expect(started.json().payment).toMatchObject({ method: 'mpesa', amount: 250_000 });
    expect(darajaCalls).toBeGreaterThan(before);
  });
});

describe('MPESA_MAX_AMOUNT', () => {
  it('is told to the web app and holds for plan payments too', async () => {
    const small = await startPaymentsApp({ MPESA_MAX_AMOUNT: '1000' });
    try {
      const methods = await small.app.inject({ method: 'GET', url: '/api/payments/methods' });
      expect(methods.json().mpesaMaxAmount).toBe(1000);
      const client = await createUser(small.database.db, { role: 'client' });
      // Basic: $10 at Ksh 130 = Ksh 1,300.
      const refused = await injectAs(small, client, 'POST', '/api/payments', {
        planId: 'basic',
        method: 'mpesa',
        phone: '0712345678',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'M-Pesa takes at most Ksh 1,000 in one payment. Please pay this amount by card.',
      );
      const rows = await small.database.db.select().from(payments).where(eq(payments.userId, client.id));
      expect(rows).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
