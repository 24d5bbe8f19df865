import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, type TestContext } from './build-app';
import { createTestDatabase } from './db';

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('closing the app', () => {
  it('ends the connection of a request still in flight, so close does not wait out the keep-alive timeout', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true });
    const app = t.app;

    // The request's headers arrive, its body not yet: the request is in flight when close begins.
    const arrived = new Promise((resolve) => app.server.once('request', resolve));
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          path: '/api/auth/login',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        resolve,
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      arrived
        .then(() => vi.waitFor(() => expect(app.draining).toBe(true)))
        .then(() => request.end(body.slice(10)));
    });
    await arrived;
    const closing = app.close();

    const response = await answer;
    response.resume();
    expect(response.statusCode).toBe(401);
    expect(response.headers.connection).toBe('close');
    // Without the reaping this waits for the keep-alive timeout (72 s), past the test's timeout.
    await closing;
    agent.destroy();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('closing the app on PostgreSQL', () => {
  it('lets the jobs in hand finish, their broadcasts to other processes included, before the socket.io adapter closes', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-close-'));
    // With DATABASE_URL the rooms are shared through PostgreSQL (the socket.io adapter).
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: database.url!,
    });
    const app = await buildApp({ config, database });
    try {
      const errors = vi.spyOn(app.log, 'error');
      const order: string[] = [];
      const adapter = app.io.of('/').adapter;
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const close = adapter.close.bind(adapter);
      adapter.close = async () => {
        order.push('adapter closed');
        // The job goes on as soon as the adapter is closing (or after a while, if it is not yet).
        release();
        await close();
      };
      let began = () => {};
      const running = new Promise<void>((resolve) => {
        began = resolve;
      });
      // A job in hand as the server stops, which tells a booking's room something as it ends (as a
      // payment's settling does), like every job that changes what people see.
      app.jobs.register('close-order-test', {
        run: async () => {
          began();
          await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, 500))]);
          app.io.to('booking:close-order-test').emit('paymentUpdated', { test: true });
          await new Promise((resolve) => setImmediate(resolve));
          order.push('job finished');
        },
      });
      await app.jobs.add(database.db, { kind: 'close-order-test', payload: {} });
      app.jobs.wake();
      await running;

      await app.close();
      expect(order).toEqual(['job finished', 'adapter closed']);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
