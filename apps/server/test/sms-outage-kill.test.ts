import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../src/app';
import { smsDeliveryReportUrl } from '../src/sms/callback-urls';
import { testConfig } from './build-app';
import { createTestDatabase } from './db';
import { freePort } from './ports';
import { api, itOnEachDatabase, register, type ServerProcess, spawnServer, useDataDir } from './process';

/**
 * An outage of Africa's Talking with the server killed (SIGKILL) while messages wait: the server is
 * a real process sending as in production (AT_BASE_URL set), the provider a simulator on an app of
 * its own that outlives it. Verification codes asked for during the outage reach nobody; the server
 * dies with them queued; the outage ends; the server restarted on the same database sends each code
 * exactly once, and each still verifies its number.
 */
const SECRET = 'k'.repeat(32);
const CREDENTIALS = { AT_USERNAME: 'sandbox', AT_API_KEY: 'outage-kill-key', AT_CALLBACK_SECRET: SECRET };
// Retries quick enough for a test, yet slow enough that the 12 tries of a code (about 10 s) outlast
// the outage however slowly a loaded machine signs the three people up: a code that ran out of
// tries is failed for good, which is another test's story.
// The kill may land while a code is being tried: that job stays claimed until its lease runs out (5
// minutes as shipped), so the lease is short here, yet longer than any try against the simulator.
const RETRIES = {
  JOBS_RETRY_BASE_MS: '500',
  JOBS_RETRY_MAX_MS: '1000',
  JOBS_POLL_MS: '50',
  JOBS_LEASE_MS: '4000',
};

let providerDb: Awaited<ReturnType<typeof createTestDatabase>>;
let provider: FastifyInstance;
let providerUrl: string;
let providerDir: string;

beforeAll(async () => {
  providerDb = await createTestDatabase();
  providerDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-sms-provider-'));
  const port = await freePort();
  providerUrl = `http://127.0.0.1:${port}`;
  const config = testConfig(providerDir, {
    PUBLIC_URL: providerUrl,
    SMS_MODE: 'simulator',
    SIM_CALLBACK_DELAY_MS: '20',
    ...CREDENTIALS,
  });
  provider = await buildApp({ config, database: providerDb, jobWorker: false });
  await provider.listen({ port, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await provider?.close();
  await providerDb?.close();
  if (providerDir) await rm(providerDir, { recursive: true, force: true });
});

async function outbox(to: string): Promise<{ to: string; message: string }[]> {
  const reply = await fetch(`${providerUrl}/__sim/sms/outbox?to=${to}`);
  return ((await reply.json()) as { messages: { to: string; message: string }[] }).messages;
}

const dataDir = useDataDir('sherehe-sms-outage-kill-');

describe('an SMS outage with the server killed', () => {
  itOnEachDatabase(
    'delays the messages queued and loses none',
    dataDir,
    async (engine) => {
      const start = async () => {
        const server = await spawnServer({
          ...engine,
          SMS_MODE: 'simulator',
          ...CREDENTIALS,
          ...RETRIES,
          AT_BASE_URL: `${providerUrl}/__sim/sms`,
        });
        provider.smsSimulator!.deliveryReportUrl = smsDeliveryReportUrl(server.url, SECRET);
        return server;
      };
      let server: ServerProcess | undefined = await start();
      try {
        provider.smsSimulator!.outage = true;
        const stamp = String(Date.now() % 100_000).padStart(5, '0');
        const people: { token: string; msisdn: string }[] = [];
        for (let i = 0; i < 3; i++) {
          const registered = await register(
            server.url,
            'client',
            `Outage ${i}`,
            `sms-outage-kill-${stamp}-${i}-${engine.DATABASE_URL ? 'pg' : 'pglite'}@example.test`,
          );
          expect(registered.status).toBe(201);
          const msisdn = `2547${stamp}${String(i).padStart(3, '0')}`;
          const asked = await api(server.url, '/api/user/phone/verify/start', {
            method: 'POST',
            token: registered.body.token as string,
            body: { phone: msisdn },
          });
          expect(asked.status, JSON.stringify(asked.body)).toBe(200);
          people.push({ token: registered.body.token as string, msisdn });
        }
        // The provider refuses every try for a while: nothing reaches a phone.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        for (const { msisdn } of people) expect(await outbox(msisdn)).toEqual([]);

        // Every code is still waiting for another try, none given up on.
        expect(server.output()).not.toContain('job failed for good');
        // Killed with the codes queued; the provider comes back while the server is down.
        const killed = server;
        expect(await server.stop('SIGKILL')).toBeNull();
        server = undefined;
        provider.smsSimulator!.outage = false;

        server = await start();
        let received: { to: string; message: string }[][] = [];
        const look = async () => {
          received = await Promise.all(people.map(({ msisdn }) => outbox(msisdn)));
        };
        const deadline = Date.now() + 30_000;
        do {
          await look();
          if (received.every((messages) => messages.length > 0)) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        } while (Date.now() < deadline);
        // A while more: nothing is sent twice.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await look();
        for (const [i, { msisdn, token }] of people.entries()) {
          const messages = received[i]!;
          // Should one be missing, what both servers said tells why.
          expect(
            messages,
            `${msisdn}\n${killed.output().slice(-4000)}\n${server.output().slice(-4000)}`,
          ).toHaveLength(1);
          const code = /\b(\d{6})\b/.exec(messages[0]!.message)?.[1];
          expect(code, messages[0]!.message).toMatch(/^\d{6}$/);
          const verified = await api(server.url, '/api/user/phone/verify', {
            method: 'POST',
            token,
            body: { code },
          });
          expect(verified.status, JSON.stringify(verified.body)).toBe(200);
        }
      } finally {
        await server?.stop();
      }
    },
    120_000,
  );
});
