import { createServer as createHttpServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import { jobs } from '../../db/schema';
import { PAYMENT_RECONCILE_JOB } from './payments.service';
import {
  acceptedBooking,
  amountPaid,
  ledgerRowsOf,
  paymentRow,
  receiptMailJobs,
  startPayment,
  type World,
} from './payments.test-support';

/**
 * A provider whose status answer says paid, but not the amount asked for: a stand-in for Paystack over
 * HTTP (initialize, and a verify that reports a success of `verifiedCents(asked)`). The real client
 * and provider talk to it as to Paystack; the simulator cannot be made to answer so.
 */
let t: TestContext;
let paystack: Server;
let verifiedCents = (asked: number) => asked;

beforeAll(async () => {
  const asked = new Map<string, number>();
  paystack = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (body: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = request.url ?? '';
      if (request.method === 'POST' && url === '/transaction/initialize') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        asked.set(body.reference, Number(body.amount));
        return answer({
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `http://127.0.0.1:1/checkout/${body.reference}`,
            access_code: 'stub',
            reference: body.reference,
          },
        });
      }
      const reference = decodeURIComponent(url.replace(/^\/transaction\/verify\//, ''));
      const cents = asked.get(reference);
      if (request.method !== 'GET' || cents === undefined) {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ status: false, message: 'Transaction reference not found' }));
      }
      return answer({
        status: true,
        message: 'Verification successful',
        data: {
          reference,
          status: 'success',
          amount: verifiedCents(cents),
          currency: 'KES',
          gateway_response: 'Approved',
          paid_at: new Date().toISOString(),
          channel: 'card',
        },
      });
    });
  });
  await new Promise<void>((resolve) => paystack.listen(0, '127.0.0.1', resolve));
  const { port } = paystack.address() as { port: number };
  t = await createTestApp({ PAYSTACK_BASE_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => paystack.close(resolve));
});

/** A card deposit of Ksh 3,000, started (its checkout open), then its reconcile job run now. */
async function reconciledCardDeposit(w: World) {
  const started = await startPayment(t, w, { method: 'card' });
  expect(started.statusCode).toBe(201);
  const id = started.json().payment._id as string;
  expect((await paymentRow(t, id)).status).toBe('pending');
  await t.database.db
    .update(jobs)
    .set({ runAt: new Date() })
    .where(eq(jobs.uniqueKey, `${PAYMENT_RECONCILE_JOB}:${id}`));
  await t.app.jobs.drain();
  return id;
}

describe('the reconcile job, when the provider says paid', () => {
  it('fails a payment whose verified amount is not the one asked for, and counts nothing', async () => {
    verifiedCents = (asked) => asked - 100_000;
    const w = await acceptedBooking(t);
    const id = await reconciledCardDeposit(w);
    expect(await paymentRow(t, id)).toMatchObject({
      status: 'failed',
      failureReason: 'provider_error',
      receipt: null,
      fee: 0,
    });
    expect(await amountPaid(t, w)).toBe(0);
    expect(await ledgerRowsOf(t, id)).toEqual([]);
    expect(await receiptMailJobs(t, id)).toEqual([]);
    // Failed, not pending: the client may start paying again.
    expect((await startPayment(t, w, { method: 'card' })).statusCode).toBe(201);
  });

  it('settles one whose verified amount is the one asked for', async () => {
    verifiedCents = (asked) => asked;
    const w = await acceptedBooking(t);
    const id = await reconciledCardDeposit(w);
    expect(await paymentRow(t, id)).toMatchObject({ status: 'succeeded', amount: 3000 });
    expect(await amountPaid(t, w)).toBe(3000);
    expect((await ledgerRowsOf(t, id)).filter((row) => row.kind === 'payment')).toHaveLength(1);
  });
});
