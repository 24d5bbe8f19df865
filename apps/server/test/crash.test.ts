import { describe, expect } from 'vitest';
import { nairobiDayFromToday } from './dates';
import { pngImage } from './images';
import {
  api,
  type Body,
  itOnEachDatabase,
  register,
  type ServerProcess,
  spawnServer,
  until,
  useDataDir,
} from './process';
import { connected, connectSocket, emitAck } from './sockets';

/**
 * Crash safety: a burst of bookings and chat messages, the server killed with SIGKILL in the middle
 * of it, a restart on the same data. Every request that was answered 2xx must be stored, whole.
 */
const ADMIN = { email: 'crash-admin@example.test', password: 'crash-admin-password' };

async function prepare(url: string) {
  const stamp = Date.now();
  const planner = await register(url, 'planner', 'Crash Planner', `crash-planner-${stamp}@example.test`);
  const client = await register(url, 'client', 'Crash Client', `crash-client-${stamp}@example.test`);
  const plannerToken = planner.body.token as string;
  const clientToken = client.body.token as string;
  const admin = await api(url, '/api/auth/login', {
    method: 'POST',
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  // Paid plans are bought (docs/product-rules.md#changing-plan); an admin sets them without payment.
  for (const registered of [planner, client]) {
    const id = (registered.body.user as { _id: string })._id;
    await api(url, `/api/user/${id}/plan`, {
      method: 'PATCH',
      token: admin.body.token as string,
      body: { planId: 'enterprise' },
    });
  }
  await api(url, '/api/category/create', {
    method: 'POST',
    token: admin.body.token as string,
    body: { name: `Crash category ${stamp}` },
  });
  const categories = (await api(url, '/api/category')).body.categories as Array<{ _id: string }>;
  const png = await pngImage(32, 32);
  const packages: Array<{ _id: string; planner: { _id: string } }> = [];
  for (let i = 0; i < 25; i++) {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: `Crash ${i}`,
      description: 'd',
      price: '1000',
      category: categories[0]!._id,
      location: 'Nairobi',
    }))
      form.append(key, value);
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const created = await api(url, '/api/packages/create', {
      method: 'POST',
      token: plannerToken,
      body: form,
    });
    expect(created.status).toBe(201);
    packages.push(created.body.data as (typeof packages)[number]);
  }
  // One booking whose chat takes the message burst.
  const first = packages.shift()!;
  const chatBooking = await api(url, '/api/bookings/create', {
    method: 'POST',
    token: clientToken,
    body: { package: first._id, planner: first.planner._id, date: nairobiDayFromToday(30) },
  });
  return {
    clientToken,
    plannerId: first.planner._id,
    packages,
    chatBookingId: (chatBooking.body.booking as Body)._id as string,
  };
}

async function crashAndCheck(engine: Record<string, string>) {
  const env = { ...engine, SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  let server: ServerProcess = await spawnServer(env);
  const world = await prepare(server.url);
  const socket = connectSocket(server.url, { token: world.clientToken });
  await connected(socket);

  const answeredBookings: string[] = [];
  const answeredMessages: string[] = [];
  const bookings = world.packages.map((pkg) =>
    api(server.url, '/api/bookings/create', {
      method: 'POST',
      token: world.clientToken,
      body: { package: pkg._id, planner: pkg.planner._id, date: nairobiDayFromToday(60) },
    }).then(
      (r) => {
        if (r.status === 201) answeredBookings.push((r.body.booking as Body)._id as string);
      },
      () => {},
    ),
  );
  const messages = Array.from({ length: 10 }, (_, i) =>
    emitAck<{ success: boolean; message?: { _id: string } }>(socket, 'sendMessage', {
      bookingId: world.chatBookingId,
      receiver: world.plannerId,
      content: `burst ${i}`,
    }).then(
      (ack) => {
        if (ack.success && ack.message) answeredMessages.push(ack.message._id);
      },
      () => {},
    ),
  );
  // Kill it while the burst is under way: once a few answers are in.
  await until(() => answeredBookings.length + answeredMessages.length >= 3, 10_000, 5);
  const killed = server.stop('SIGKILL');
  await Promise.allSettled([...bookings, ...messages]);
  await killed;
  socket.disconnect();
  expect(answeredBookings.length + answeredMessages.length).toBeGreaterThan(0);

  server = await spawnServer(env);
  try {
    const mine = await api(server.url, '/api/bookings/my', { token: world.clientToken });
    expect(mine.status).toBe(200);
    const stored = mine.body.bookings as Array<{
      _id: string;
      status: string;
      price: number;
      package: { title: string };
    }>;
    const storedIds = new Set(stored.map((b) => b._id));
    for (const id of answeredBookings)
      expect(storedIds.has(id), `booking ${id} answered 201 but lost`).toBe(true);
    // Nothing half-written: every stored booking is whole.
    for (const booking of stored) {
      expect(booking).toMatchObject({
        status: 'pending',
        price: 1000,
        package: { title: expect.stringMatching(/^Crash \d+$/) },
      });
    }
    const after = connectSocket(server.url, { token: world.clientToken });
    await connected(after);
    const history = await emitAck<Array<{ _id: string; content: string }>>(after, 'fetchMessages', {
      bookingId: world.chatBookingId,
    });
    after.disconnect();
    const historyIds = new Set(history.map((m) => m._id));
    for (const id of answeredMessages)
      expect(historyIds.has(id), `message ${id} acknowledged but lost`).toBe(true);
    for (const message of history) expect(message.content).toMatch(/^burst \d$/);
    // The server still works after the crash.
    const more = await api(server.url, '/api/bookings/create', {
      method: 'POST',
      token: world.clientToken,
      body: { package: world.packages.at(-1)!._id, planner: world.plannerId, date: nairobiDayFromToday(90) },
    });
    expect([201, 409]).toContain(more.status);
  } finally {
    await server.stop();
  }
}

describe('crash safety', () => {
  const dataDir = useDataDir('sherehe-crash-');
  itOnEachDatabase(
    'keeps every answered booking and message through a SIGKILL',
    dataDir,
    crashAndCheck,
    180_000,
  );
});
