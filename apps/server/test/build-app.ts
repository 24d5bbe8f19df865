import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './db';

export interface TestContext {
  app: FastifyInstance;
  /** With `url` on PostgreSQL: the test's own database, for a connection of the test's own. */
  database: Database & { url?: string };
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A test app's settings: its data folder, NODE_ENV=test, no demo data, a silent log, and `env`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    // Tests never depend on the time of day they run at: those of quiet hours set them and a clock.
    SMS_QUIET_HOURS: 'off',
    ...env,
  });
}

/** The whole app on a fresh database and a fresh data folder, for `app.inject`. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-test-'));
  const config = testConfig(dataDir, {
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

/**
 * Something a test file (or describe block) starts before its tests and closes after them: an app,
 * an SMTP server. What it returns stands for what `start` resolves with, once the tests run.
 */
export function useStarted<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  const current = (): T => {
    if (!started) throw new Error('used before its beforeAll started it');
    return started;
  };
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
  });
}

/**
 * `createTestApp` for one test file (or describe block). `env` may be a function, read when the
 * app starts, so that it can name what an earlier `beforeAll` set up (an SMTP server's address).
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestContext {
  return useStarted(() => createTestApp(typeof env === 'function' ? env() : env));
}

/**
 * `app.inject` as `user` (their session's headers): the method, the address and, for a write, the
 * JSON body. The many calls of the API tests each fit on a line.
 */
export function injectAs(
  t: { app: FastifyInstance },
  user: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });
}

/** Makes the test app listen on a free port (sockets and callbacks need one) and gives its address. */
export async function listenLocally(t: { app: FastifyInstance }): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
