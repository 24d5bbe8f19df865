import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens';
import { createSession } from '../src/modules/sessions';
import { createTestDatabase } from './db';
import {
  createBookingOf,
  createBookingRow,
  createPackage,
  createResetToken,
  createUser,
  type TestUser,
} from './factories';
import { api, type ServerProcess, spawnServer, useDataDir } from './process';
import { collect, connected, connectSocket, disconnected, emitAck, nextEvent } from './sockets';

// Several processes share rooms only through PostgreSQL (the socket.io postgres adapter).
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('chat and sessions across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dataDir = useDataDir('sherehe-cluster-');
  let first: ServerProcess;
  let second: ServerProcess;
  let client: TestUser;
  let planner: TestUser;
  let bookingId: string;
  let admin: TestUser;
  let startedAt: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    client = await createUser(database.db, { username: 'Client on A' });
    planner = await createUser(database.db, { role: 'planner', username: 'Planner on B' });
    const pkg = await createPackage(database.db, { plannerId: planner.id });
    bookingId = (
      await createBookingRow(database.db, { clientId: client.id, packageId: pkg.id, plannerId: planner.id })
    ).id;
    admin = await createUser(database.db, { role: 'admin' });
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir(),
      SEED_DEMO: 'false',
      // Kept long enough that only a drop ends a kept session within a test.
      SESSION_CACHE_SECONDS: '30',
    };
    [first, second] = await Promise.all([spawnServer(env), spawnServer(env)]);
    startedAt = Date.now();
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of [first, second]) await server?.stop();
    await database?.close();
  });

  async function open(url: string, user: Pick<TestUser, 'token'>) {
    const socket = connectSocket(url, { token: user.token });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  async function refused(url: string, token: string) {
    const socket = connectSocket(url, { token });
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow();
  }

  async function call(url: string, method: string, pathname: string, token: string, body?: unknown) {
    return (await api(url, pathname, { method, token, body })).status;
  }

  /** A signed-in call's status (401: the session is over). */
  const signedIn = (url: string, token: string) => call(url, 'GET', '/api/bookings/my', token);

  /**
   * Deletes a session row with the triggers off (as a replica would apply it): no process hears of
   * it, so a process that still answers 200 for it answered from what it kept.
   */
  async function deleteQuietly(token: string) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`set session_replication_role = replica`);
      await client.query('delete from sessions where token_hash = $1', [hashToken(token)]);
    } finally {
      await client.end();
    }
  }

  /** A client with a booking, signed in on two devices, both connected to process B. */
  async function twoDevicesOnB() {
    const user = await createUser(database.db, { role: 'client' });
    const { booking } = await createBookingOf(database.db, user, planner);
    const laptopToken = (await createSession(database.db, user.id)).token;
    const phone = await open(second.url, user);
    const laptop = await open(second.url, { token: laptopToken });
    return { user, bookingId: booking.id, phone, laptop, phoneToken: user.token, laptopToken };
  }

  it('delivers messages and notifications from one process to a user connected to the other', async () => {
    const onA = await open(first.url, client);
    const onB = await open(second.url, planner);
    const plannerDashboardOnB = await open(second.url, planner);
    expect(await emitAck(onA, 'joinRoom', { bookingId })).toEqual({ success: true });
    expect(await emitAck(onB, 'joinRoom', { bookingId })).toEqual({ success: true });
    const allAtA = collect<{ content: string }>(onA, 'newMessage');
    const allAtB = collect<{ content: string }>(onB, 'newMessage');

    // What crosses between the processes, heard as a third listener on the adapter's channel.
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const crossed: string[] = [];
    listener.on('notification', ({ payload }) => crossed.push(payload ?? ''));
    await listener.query(`LISTEN "socket.io#/"`);

    const arrives = nextEvent<{ content: string; sender: { username: string } }>(onB, 'newMessage');
    const notified = nextEvent<{ bookingId: string }>(plannerDashboardOnB, 'notification');
    await emitAck(onA, 'sendMessage', { bookingId, receiver: planner.id, content: 'Sent through process A' });
    expect(await arrives).toMatchObject({
      content: 'Sent through process A',
      sender: { username: 'Client on A' },
    });
    expect(await notified).toMatchObject({ bookingId });
    // Both events from one adapter message, not a broadcast each.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await listener.end();
    expect(crossed.filter((payload) => payload.includes('Sent through process A'))).toHaveLength(1);

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

  /** Every payload on the adapter's channel while `act` runs, heard as a third listener. */
  async function crossedDuring(act: () => Promise<void>) {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const crossed: string[] = [];
    listener.on('notification', ({ payload }) => crossed.push(payload ?? ''));
    await listener.query(`LISTEN "socket.io#/"`);
    try {
      await act();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await listener.end();
    }
    return crossed;
  }

  /** A new client with a booking of the planner's, on A; the planner in its room on B. */
  async function clientOnAPlannerOnB() {
    const user = await createUser(database.db, { role: 'client' });
    const { booking } = await createBookingOf(database.db, user, planner);
    const onA = await open(first.url, user);
    const onB = await open(second.url, planner);
    expect(await emitAck(onB, 'joinRoom', { bookingId: booking.id })).toEqual({ success: true });
    return { user, bookingId: booking.id, onA, onB };
  }

  it('the messages of one moment cross to the other process together, in the order they were sent', async () => {
    const { bookingId: ownBooking, onA, onB } = await clientOnAPlannerOnB();
    const atB = collect<{ content: string }>(onB, 'newMessage');
    const contents = Array.from({ length: 8 }, (_, i) => `Burst message ${i + 1}`);
    const crossed = await crossedDuring(async () => {
      // Sent together, as a phone back online sends what it queued.
      const acks = contents.map((content) =>
        emitAck(onA, 'sendMessage', { bookingId: ownBooking, receiver: planner.id, content }),
      );
      expect(await Promise.all(acks)).toMatchObject(contents.map(() => ({ success: true })));
      await expect.poll(() => atB.length, { timeout: 5_000 }).toBe(contents.length);
    });
    expect(atB.map((m) => m.content)).toEqual(contents);
    const carrying = crossed.filter((payload) => contents.some((content) => payload.includes(content)));
    // One adapter message a message before.
    expect(carrying.length).toBeLessThan(contents.length);
    expect(carrying.join('').match(/Burst message/g)).toHaveLength(contents.length);
  }, 60_000);

  it('a batch stays small enough for a notification: long messages cross in several, none through the table', async () => {
    const { bookingId: ownBooking, onA, onB } = await clientOnAPlannerOnB();
    const atB = collect<{ content: string }>(onB, 'newMessage');
    // 3,800 bytes of UTF-8 each: four of them would be twice the adapter's 8,000-byte notification.
    const contents = Array.from({ length: 4 }, (_, i) => `${i + 1} ${'é'.repeat(1_900)}`);
    const crossed = await crossedDuring(async () => {
      const acks = contents.map((content) =>
        emitAck(onA, 'sendMessage', { bookingId: ownBooking, receiver: planner.id, content }),
      );
      await Promise.all(acks);
      await expect.poll(() => atB.length, { timeout: 5_000 }).toBe(contents.length);
    });
    expect(atB.map((m) => m.content)).toEqual(contents);
    // Above the threshold the adapter would have notified only an attachment's id.
    for (const content of contents) expect(crossed.some((payload) => payload.includes(content))).toBe(true);
    for (const payload of crossed) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(8_000);
  }, 60_000);

  it('logout through A ends that session on B at once, the session B kept and its sockets, and only those', async () => {
    const { bookingId, phone, laptop, phoneToken, laptopToken } = await twoDevicesOnB();
    // B keeps both sessions: the next request there needs no round trip for them.
    expect(await signedIn(second.url, phoneToken)).toBe(200);
    expect(await signedIn(second.url, laptopToken)).toBe(200);
    const ended = disconnected(phone);
    expect(await call(first.url, 'POST', '/api/auth/logout', phoneToken)).toBe(200);
    // The session B kept ended with the logout on A: the very next request is refused.
    expect(await signedIn(second.url, phoneToken)).toBe(401);
    expect(await signedIn(second.url, laptopToken)).toBe(200);
    expect(await ended).toBe('io server disconnect');
    await refused(second.url, phoneToken);
    expect(laptop.connected).toBe(true);
    expect(await emitAck(laptop, 'fetchMessages', { bookingId })).toEqual([]);
  }, 30_000);

  it('a password reset, a demotion and a deletion through A end all the user’s sessions B kept and their sockets', async () => {
    for (const change of ['reset', 'role', 'delete'] as const) {
      const { user, phone, laptop, phoneToken, laptopToken } = await twoDevicesOnB();
      for (const token of [phoneToken, laptopToken])
        expect(await signedIn(second.url, token), change).toBe(200);
      const ended = [disconnected(phone), disconnected(laptop)];
      const status =
        change === 'reset'
          ? await call(first.url, 'POST', '/api/auth/reset-password', 'none', {
              token: await createResetToken(database.db, user.id),
              newPassword: 'a-brand-new-password',
            })
          : change === 'role'
            ? await call(first.url, 'PATCH', `/api/user/${user.id}/role`, admin.token, { role: 'planner' })
            : await call(first.url, 'DELETE', `/api/user/${user.id}`, admin.token);
      expect(status, change).toBe(200);
      // What B kept of both sessions ended on A: the very next request through B is refused.
      for (const token of [phoneToken, laptopToken])
        expect(await signedIn(second.url, token), change).toBe(401);
      expect(await Promise.all(ended), change).toEqual(['io server disconnect', 'io server disconnect']);
      // Nothing to fetch or send with: the old tokens no longer open a socket on either process.
      for (const token of [phoneToken, laptopToken]) {
        await refused(second.url, token);
        await refused(first.url, token);
      }
    }
  }, 60_000);

  it('a process keeps sessions only while it listens for their ends: a cut connection drops them all', async () => {
    const kept = await createUser(database.db);
    expect(await signedIn(second.url, kept.token)).toBe(200);
    // Proof that B answers from what it keeps: a session gone without a word still works there.
    await deleteQuietly(kept.token);
    expect(await signedIn(second.url, kept.token)).toBe(200);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid, 5000) from pg_stat_activity where application_name = $1',
        [`sherehe-listen-${second.child.pid}`],
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // B may have missed a drop while it was not listening: it trusts nothing it kept.
    await expect.poll(() => signedIn(second.url, kept.token), { timeout: 2_000, interval: 50 }).toBe(401);

    // Listening again (a second later), it keeps sessions again.
    const keptAgain = async () => {
      const user = await createUser(database.db);
      expect(await signedIn(second.url, user.token)).toBe(200);
      await deleteQuietly(user.token);
      return signedIn(second.url, user.token);
    };
    await expect.poll(keptAgain, { timeout: 10_000, interval: 200 }).toBe(200);
  }, 30_000);

  it('caps a user’s sockets across both processes', async () => {
    // Each process learns of the other from its heartbeat (every 5 s).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + 6_000 - Date.now())));
    const user = await createUser(database.db);
    for (let i = 0; i < 6; i++) await open(first.url, user);
    for (let i = 0; i < 4; i++) await open(second.url, user);
    for (const url of [first.url, second.url]) {
      const extra = connectSocket(url, { token: user.token });
      sockets.push(extra);
      await expect(connected(extra)).rejects.toThrow(/too many places \(at most 10\)/);
    }
  }, 30_000);
});
