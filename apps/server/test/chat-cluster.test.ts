import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './db';
import { createBookingRow, createPackage, createUser, type TestUser } from './factories';
import { type ServerProcess, spawnServer } from './process';
import { collect, connected, connectSocket, emitAck, nextEvent } from './sockets';

// Several processes share rooms only through PostgreSQL (the socket.io postgres adapter).
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('chat across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let first: ServerProcess;
  let second: ServerProcess;
  let client: TestUser;
  let planner: TestUser;
  let bookingId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-cluster-'));
    client = await createUser(database.db, { username: 'Client on A' });
    planner = await createUser(database.db, { role: 'planner', username: 'Planner on B' });
    const pkg = await createPackage(database.db, { plannerId: planner.id });
    bookingId = (
      await createBookingRow(database.db, { clientId: client.id, packageId: pkg.id, plannerId: planner.id })
    ).id;
    const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir, SEED_DEMO: 'false' };
    [first, second] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of [first, second]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function open(url: string, user: TestUser) {
    const socket = connectSocket(url, { token: user.token });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  it('delivers messages and notifications from one process to a user connected to the other', async () => {
    const onA = await open(first.url, client);
    const onB = await open(second.url, planner);
    const plannerDashboardOnB = await open(second.url, planner);
    expect(await emitAck(onA, 'joinRoom', { bookingId })).toEqual({ success: true });
    expect(await emitAck(onB, 'joinRoom', { bookingId })).toEqual({ success: true });
    const allAtA = collect<{ content: string }>(onA, 'newMessage');
    const allAtB = collect<{ content: string }>(onB, 'newMessage');

    const arrives = nextEvent<{ content: string; sender: { username: string } }>(onB, 'newMessage');
    const notified = nextEvent<{ bookingId: string }>(plannerDashboardOnB, 'notification');
    await emitAck(onA, 'sendMessage', { bookingId, receiver: planner.id, content: 'Sent through process A' });
    expect(await arrives).toMatchObject({
      content: 'Sent through process A',
      sender: { username: 'Client on A' },
    });
    expect(await notified).toMatchObject({ bookingId });

    await emitAck(onB, 'sendMessage', { bookingId, receiver: client.id, content: 'Answered from process B' });
    // Each socket in the room hears each message exactly once, whichever process it came through.
    const both = ['Sent through process A', 'Answered from process B'];
    await expect
      .poll(() => allAtA.map((m) => m.content).sort(), { timeout: 5_000 })
      .toEqual([...both].sort());
    await expect
      .poll(() => allAtB.map((m) => m.content).sort(), { timeout: 5_000 })
      .toEqual([...both].sort());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(allAtA).toHaveLength(2);
    expect(allAtB).toHaveLength(2);

    // Either process reads the same stored history.
    const history = await emitAck<Array<{ content: string }>>(onA, 'fetchMessages', { bookingId });
    expect(history.map((m) => m.content)).toEqual(['Sent through process A', 'Answered from process B']);
  }, 60_000);
});
