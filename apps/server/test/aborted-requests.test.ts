import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './db';

/** A client that goes away in the middle of its body is not a fault of the server's (nor of its database). */
describe('a request whose body is cut off', () => {
  const lines: string[] = [];
  let database: Database;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-aborted-'));
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir }),
      database,
      logger: { level: 'info', stream },
      jobWorker: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const entries = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });

  it('is logged as aborted by the client, not as an error nor as the database being unavailable', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":"wanjiru@example.test","pass',
    );
    // Once the server holds part of the body, the client's connection breaks off.
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();

    const end = Date.now() + 5_000;
    while (!entries().some((entry) => /aborted/i.test(entry.msg)) && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const aborted = entries().find((entry) => /aborted/i.test(entry.msg));
    expect(aborted?.level).toBeLessThanOrEqual(40);
    expect(entries().filter((entry) => entry.level >= 50)).toEqual([]);
    expect(lines.join('')).not.toContain('database unavailable');

    // The server goes on answering.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
