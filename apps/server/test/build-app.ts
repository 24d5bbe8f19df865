import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './db';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** The whole app on a fresh database and a fresh data folder, for `app.inject`. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    // Payment tests prompt the simulator's few phone numbers far more often than a person could;
    // payment-limits.test.ts holds the limit to its setting.
    RATE_MPESA_PROMPTS_PER_PHONE: '1000/10m',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database });
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
