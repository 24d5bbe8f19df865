import { createServer as createHttpServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app';
import { createBookingOf, createUser, type TestUser } from '../../../test/factories';
import { jobs, payments } from '../../db/schema';
import { PAYMENT_RECONCILE_JOB } from './payments.service';

/**
 * Providers that fail: Daraja unreachable (the outcome of a push is then unknown) and Paystack
 * refusing every request (a definite no). Reached over HTTP as in production, no fakes.
 */
let t: TestContext;
let refusing: Server;
let refusals = 0;

beforeAll(async () => {
  refusing = createHttpServer((_request, response) => {
    refusals += 1;
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: false, message: 'Invalid request' }));
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const { port } = refusing.address() as { port: number };
  t = await createTestApp({
    // Port 1 on this machine: the connection is refused, so nobody knows whether a push went out.
    DARAJA_BASE_URL: 'http://127.0.0.1:1',
    PAYSTACK_BASE_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => refusing.close(resolve));
});

async function world(): Promise<{ client: TestUser; bookingId: string }> {
  const db = t.database.db;
  const client = await createUser(db, { role: 'client' });
  const planner = await createUser(db, { role: 'planner', planId: 'pro' });
  const { booking } = await createBookingOf(db, client, planner, { status: 'accepted', price: 10_000 });
  return { client, bookingId: booking.id };
}

const start = (w: { client: TestUser; bookingId: string }, method: 'mpesa' | 'card') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: w.client.headers,
    payload: { bookingId: w.bookingId, purpose: 'deposit', method, phone: '0712345678' },
  });

describe('a provider that fails', () => {
  it('leaves an M-Pesa push of unknown outcome pending for the reconcile job, and never starts it again', async () => {
    const w = await world();
    const first = await start(w, 'mpesa');
    expect(first.statusCode).toBe(201);
    const { payment } = first.json();
    expect(payment.status).toBe('pending');
    const again = await start(w, 'mpesa');
    expect(again.statusCode).toBe(409);
    expect(again.json().payment._id).toBe(payment._id);
    const reconcile = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `${PAYMENT_RECONCILE_JOB}:${payment._id}`));
    expect(reconcile).toHaveLength(1);
    expect(reconcile[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('fails a card payment the provider refused, and a new one may then be started', async () => {
    const w = await world();
    const before = refusals;
    const refused = await start(w, 'card');
    expect(refused.statusCode).toBe(201);
    expect(refused.json().payment).toMatchObject({ status: 'failed', failureReason: 'provider_error' });
    expect(refusals).toBe(before + 1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, w.bookingId));
    expect(rows.map((row) => row.status)).toEqual(['failed']);
    expect((await start(w, 'card')).statusCode).toBe(201);
  });
});
