import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, listenLocally, useTestApp } from '../../test/build-app';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../test/factories';
import { connected, connectSocket, disconnected, emitAck } from '../../test/sockets';
import { createSession } from '../modules/sessions';

/** Every socket event counts against its socket's and its user's budgets; sockets per user are capped. */
let url: string;
const sockets: Socket[] = [];

const t = useTestApp();
beforeAll(async () => {
  url = await listenLocally(t);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

function socketOf(user: TestUser) {
  const socket = connectSocket(url, { token: user.token });
  sockets.push(socket);
  return socket;
}

async function open(user: TestUser) {
  const socket = socketOf(user);
  await connected(socket);
  return socket;
}

async function bookingOf() {
  const db = t.database.db;
  const client = await createUser(db);
  const pkg = await createPackage(db);
  const booking = await createBookingRow(db, {
    clientId: client.id,
    packageId: pkg.id,
    plannerId: pkg.plannerId,
  });
  return { client, bookingId: booking.id };
}

const tooMany = {
  success: false,
  message: 'Too many chat requests. Please wait a moment.',
  code: 'RATE_LIMITED',
};

describe('socket events', () => {
  it('refuses a flood of fetchMessages past the socket’s limit while other users are still answered', async () => {
    const { eventsPerSocket } = t.config.socketLimits;
    const flooder = await bookingOf();
    const other = await bookingOf();
    const flooding = await open(flooder.client);
    const calm = await open(other.client);

    const flood = Array.from({ length: eventsPerSocket + 20 }, () =>
      emitAck(flooding, 'fetchMessages', { bookingId: flooder.bookingId }),
    );
    const meanwhile = emitAck(calm, 'fetchMessages', { bookingId: other.bookingId });
    const answers = await Promise.all(flood);
    expect(answers.filter(Array.isArray)).toHaveLength(eventsPerSocket);
    expect(answers.filter((answer) => !Array.isArray(answer))).toEqual(Array(20).fill(tooMany));
    expect(await meanwhile).toEqual([]);
    // Whatever the event, and whatever its payload: each one counts.
    expect(await emitAck(flooding, 'getUnreadCount', {})).toEqual(tooMany);
    expect(await emitAck(flooding, 'joinRoom', 'garbage')).toEqual(tooMany);
    expect(await emitAck(calm, 'getUnreadCount', {})).toBe(0);
  });

  it('counts an event no handler knows against the budget, and answers it as invalid input', async () => {
    const { eventsPerSocket } = t.config.socketLimits;
    const user = await bookingOf();
    const socket = await open(user.client);
    expect(await emitAck(socket, 'no-such-event', { anything: 1 })).toEqual({
      success: false,
      message: 'Please check your input and try again.',
      code: 'VALIDATION',
    });
    // Sent without waiting for an answer: they cost the socket its budget all the same.
    for (let i = 1; i < eventsPerSocket; i++) socket.emit('made-up', i);
    expect(await emitAck(socket, 'fetchMessages', { bookingId: user.bookingId })).toEqual(tooMany);
  });

  it('limits a user across their sockets', async () => {
    const { eventsPerUser } = t.config.socketLimits;
    const user = (await bookingOf()).client;
    const mine = await Promise.all([open(user), open(user), open(user)]);
    const perSocket = Math.ceil((eventsPerUser + 30) / mine.length);
    expect(perSocket).toBeLessThanOrEqual(t.config.socketLimits.eventsPerSocket);
    const answers = await Promise.all(
      mine.flatMap((socket) =>
        Array.from({ length: perSocket }, () => emitAck(socket, 'getUnreadCount', {})),
      ),
    );
    expect(answers.filter((answer) => answer === 0)).toHaveLength(eventsPerUser);
    expect(
      answers
        .filter((answer) => answer !== 0)
        .every((answer) => JSON.stringify(answer) === JSON.stringify(tooMany)),
    ).toBe(true);
    // A new socket of the same user is no way around it.
    expect(await emitAck(await open(user), 'getUnreadCount', {})).toEqual(tooMany);
  });
});

describe('sockets per user', () => {
  it('refuses the socket past the cap with a clear message, and takes one again once a socket closes', async () => {
    const { socketsPerUser } = t.config.socketLimits;
    expect(socketsPerUser).toBe(10);
    const user = await createUser(t.database.db);
    const held = [];
    for (let i = 0; i < socketsPerUser; i++) held.push(await open(user));
    const extra = socketOf(user);
    await expect(connected(extra)).rejects.toThrow(
      'You have the chat open in too many places (at most 10). Close it somewhere and try again.',
    );
    // Another user is not affected.
    await open(await createUser(t.database.db));

    const closing = held[0]!;
    closing.disconnect();
    await expect
      .poll(async () => {
        const again = socketOf(user);
        try {
          await connected(again);
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
  });

  it('counts parallel handshakes exactly', async () => {
    const { socketsPerUser } = t.config.socketLimits;
    const user = await createUser(t.database.db);
    const attempts = Array.from({ length: socketsPerUser + 5 }, () => socketOf(user));
    const results = await Promise.allSettled(attempts.map((socket) => connected(socket)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(socketsPerUser);
  });

  it('gives the slot back when the server ends a socket', async () => {
    const { socketsPerUser } = t.config.socketLimits;
    const user = await createUser(t.database.db, { role: 'client' });
    const admin = await createUser(t.database.db, { role: 'admin' });
    const held = await Promise.all(Array.from({ length: socketsPerUser }, () => open(user)));
    const ended = held.map((socket) => disconnected(socket));
    const changed = await injectAs(t, admin, 'PATCH', `/api/user/${user.id}/role`, { role: 'planner' });
    expect(changed.statusCode).toBe(200);
    await Promise.all(ended);
    // Its sessions ended with the role change: signed in again, every slot is free.
    const { token } = await createSession(t.database.db, user.id);
    const again = await Promise.all(Array.from({ length: socketsPerUser }, () => open({ ...user, token })));
    expect(again.every((socket) => socket.connected)).toBe(true);
  });
});
