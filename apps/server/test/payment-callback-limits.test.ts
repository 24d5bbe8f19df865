import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MESSAGES } from '@sherehe/shared/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './db';

/** The app with `env` and a log kept in memory. */
async function logged(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-callbacks-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const database: Database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: { level: 'info', stream }, jobWorker: false });
  return {
    app,
    config,
    database,
    log: () => lines.join(''),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('refused payment callbacks', () => {
  let t: Awaited<ReturnType<typeof logged>>;
  beforeAll(async () => {
    t = await logged();
  });
  afterAll(() => t.close());

  it('are answered once: the refusal, and no "Reply was already sent" in the log', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/callback/not-the-secret-at-all-0123456789',
      payload: { Body: {} },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: MESSAGES.payments.callbackForged,
    });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: { event: 'charge.success', data: {} },
    });
    expect(unsigned.statusCode).toBe(403);
    const garbled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mpesa/callback/${t.config.payments.mpesa!.callbackSecret}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"Body": nonsense',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toMatchObject({
      code: 'VALIDATION',
      message: MESSAGES.payments.callbackNotUnderstood,
    });
    expect(t.log()).toContain('payment callback refused');
    expect(t.log()).not.toContain('Reply was already sent');
  });
});
