import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { SETTLE_EVERY_MS } from '../src/lib/budgets';
import { listenLocally, testConfig } from './build-app';
import { createTestDatabase } from './db';
import { createBookingOf, createUser } from './factories';
import { connected, connectSocket, emitAck } from './sockets';

// Two app instances count a user's chat budgets in their own memory and settle them through one
// PostgreSQL: what one allowed reaches the other with the next settle.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('chat budgets across two app instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-budgets-'));
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        config: testConfig(dataDir, { DATABASE_URL: database.url! }),
        database,
      });
      apps.push(app);
      urls.push(await listenLocally({ app }));
    }
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const app of apps) await app.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('hold a user sending through both to the message budget, plus at most one settle interval’s sends', async () => {
    const { messagesPerUser } = apps[0]!.config.socketLimits;
    const client = await createUser(database.db);
    const planner = await createUser(database.db, { role: 'planner' });
    const { booking } = await createBookingOf(database.db, client, planner);
    const [onA, onB] = urls.map((url) => {
      const socket = connectSocket(url, { token: client.token });
      sockets.push(socket);
      return socket;
    });
    await Promise.all([connected(onA!), connected(onB!)]);

    // One message through each instance, then a settle interval: each learns the other's count.
    const answers: Array<{ success?: boolean; code?: string }> = [];
    // Two a round: past the budget within its window (10 s) even on a slow machine.
    for (let round = 0; round < messagesPerUser / 2 + 2; round++) {
      for (const socket of [onA!, onB!]) {
        answers.push(
          await emitAck(socket, 'sendMessage', {
            bookingId: booking.id,
            receiver: planner.id,
            content: `round ${round}`,
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_EVERY_MS + 200));
    }
    const sent = answers.filter((answer) => answer.success).length;
    expect(sent).toBeGreaterThanOrEqual(messagesPerUser);
    // Each instance sends one a settle interval: the other may have allowed one it had not yet heard of.
    expect(sent).toBeLessThanOrEqual(messagesPerUser + 1);
    expect(
      answers.filter((answer) => !answer.success).every((answer) => answer.code === 'RATE_LIMITED'),
    ).toBe(true);
    // Once both have settled, neither lets another through.
    expect(
      await emitAck(onA!, 'sendMessage', { bookingId: booking.id, receiver: planner.id, content: 'more' }),
    ).toMatchObject({ code: 'RATE_LIMITED' });
    expect(
      await emitAck(onB!, 'sendMessage', { bookingId: booking.id, receiver: planner.id, content: 'more' }),
    ).toMatchObject({ code: 'RATE_LIMITED' });
  }, 60_000);
});
