import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-app';
import { createTestDatabase } from '../../../test/db';
import { freePort } from '../../../test/ports';
import { buildApp } from '../../app';
import { smsMessages } from '../../db/schema';
import { smsDeliveryReportUrl } from '../../sms/callback-urls';
import { until } from '../payments/payments.test-support';
import { queueSms } from '.';

/**
 * An outage of Africa's Talking delays SMS and loses none, across a restart: messages queued while
 * the provider answers 503 stay queued and are tried again; the server is stopped with them still
 * queued, the outage ends, a new server on the same database (PGlite here, PostgreSQL with
 * TEST_DATABASE_URL) sends every one, and each arrives exactly once. The provider is a simulator
 * on an app of its own, with its own database and no job worker, so that it outlives the servers.
 */
const secret = 's'.repeat(32);
const credentials = { AT_USERNAME: 'sandbox', AT_API_KEY: 'outage-test-key', AT_CALLBACK_SECRET: secret };
const fastRetries = { JOBS_RETRY_BASE_MS: '20', JOBS_RETRY_MAX_MS: '80', JOBS_POLL_MS: '50' };

let providerDb: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let provider: FastifyInstance;
let providerUrl: string;
let server: FastifyInstance | undefined;
const dataDirs: string[] = [];

async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-sms-outage-'));
  dataDirs.push(dir);
  return dir;
}

/** A server on the shared database, sending to the provider, listening at its own address. */
async function startServer(): Promise<{ app: FastifyInstance; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig(await dataDir(), {
    PUBLIC_URL: url,
    SMS_MODE: 'simulator',
    AT_BASE_URL: `${providerUrl}/__sim/sms`,
    ...credentials,
    ...fastRetries,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  // The provider's delivery reports go to the server that now runs.
  provider.smsSimulator!.deliveryReportUrl = smsDeliveryReportUrl(url, secret);
  return { app, url };
}

beforeAll(async () => {
  providerDb = await createTestDatabase();
  database = await createTestDatabase();
  const port = await freePort();
  providerUrl = `http://127.0.0.1:${port}`;
  const config = testConfig(await dataDir(), {
    PUBLIC_URL: providerUrl,
    SMS_MODE: 'simulator',
    SIM_CALLBACK_DELAY_MS: '20',
    ...credentials,
  });
  provider = await buildApp({ config, database: providerDb, jobWorker: false });
  await provider.listen({ port, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await provider?.close();
  await database?.close();
  await providerDb?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

const outbox = async (to: string) =>
  (
    (await (await fetch(`${providerUrl}/__sim/sms/outbox?to=${to}`)).json()) as {
      messages: { to: string; message: string }[];
    }
  ).messages;

describe('an SMS outage across a restart', () => {
  it('keeps messages queued through the outage and the restart, then delivers each exactly once', async () => {
    const first = await startServer();
    server = first.app;
    const stamp = String(Date.now() % 10_000).padStart(4, '0');
    const numbers = Array.from(
      { length: 5 },
      (_, i) => `2547${stamp}${String(11 * i + 12).padStart(4, '0')}`,
    );
    provider.smsSimulator!.outage = true;
    const ids = await database.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (const to of numbers)
        queued.push(
          (await queueSms(tx, server!.jobs, {
            to,
            message: `Outage ${to}`,
            kind: 'test',
            subjectKey: 'outage',
          }))!,
        );
      return queued;
    });
    server.jobs.wake();
    const rows = () => database.db.select().from(smsMessages).where(inArray(smsMessages.id, ids));
    // Each refused at least twice, still queued with the reason.
    await until(rows, (all) => all.every((row) => row.attempts >= 2));
    for (const row of await rows())
      expect(row).toMatchObject({
        status: 'queued',
        failureReason: expect.stringContaining('Service Unavailable'),
      });
    for (const to of numbers) expect(await outbox(to)).toEqual([]);

    // The server goes with its messages still queued; the provider comes back while it is away.
    await server.close();
    server = undefined;
    expect((await rows()).every((row) => row.status === 'queued')).toBe(true);
    provider.smsSimulator!.outage = false;

    const second = await startServer();
    server = second.app;
    await until(rows, (all) => all.every((row) => row.status === 'delivered'));
    // Some time more, and a second look by the queue: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.jobs.drain();
    for (const to of numbers)
      expect(await outbox(to)).toEqual([expect.objectContaining({ to, message: `Outage ${to}` })]);
    for (const row of await rows()) expect(row).toMatchObject({ status: 'delivered', failureReason: null });
    const [one] = await database.db.select().from(smsMessages).where(eq(smsMessages.id, ids[0]!));
    expect(one!.attempts).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
