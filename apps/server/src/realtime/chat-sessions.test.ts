import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, useTestApp } from '../../test/build-app';
import {
  createBookingOf,
  createResetToken,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { connected, connectSocket, disconnected, emitAck } from '../../test/sockets';
import { chatMessages, sessions, users } from '../db/schema';
import { hashToken } from '../lib/tokens';

/**
 * A session that ends ends its sockets too: logout (that session's only), a password reset, a role
 * change and a deletion (all of the user's), and, should the disconnect be missed, the socket's own
 * look at its session a moment later.
 */
const CHECK_SECONDS = 1;

let url: string;
let admin: TestUser;
const sockets: Socket[] = [];

const t = useTestApp(() => ({ SOCKET_SESSION_CHECK_SECONDS: String(CHECK_SECONDS) }));
beforeAll(async () => {
  url = await listenLocally(t);
  admin = await createUser(t.database.db, { role: 'admin' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

async function open(token: string) {
  const socket = connectSocket(url, { token });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

/** A client with a booking to chat about, signed in twice (a phone and a laptop). */
async function chattingClient() {
  const db = t.database.db;
  const client = await createUser(db, { role: 'client' });
  const planner = await createUser(db, { role: 'planner' });
  const { booking } = await createBookingOf(db, client, planner);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: client.email, password: TEST_PASSWORD },
  });
  const laptopToken = login.json().token as string;
  return { client, planner, bookingId: booking.id, phoneToken: client.token, laptopToken };
}

async function expectRefused(token: string) {
  const socket = connectSocket(url, { token });
  sockets.push(socket);
  await expect(connected(socket)).rejects.toThrow(/log in/);
}

describe('ending a session ends its sockets', () => {
  it('logout disconnects that session’s sockets and leaves the other device connected', async () => {
    const { bookingId, phoneToken, laptopToken } = await chattingClient();
    const phone = await open(phoneToken);
    const phoneAgain = await open(phoneToken);
    const laptop = await open(laptopToken);
    const ended = [disconnected(phone), disconnected(phoneAgain)];

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${phoneToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    await expectRefused(phoneToken);

    expect(laptop.connected).toBe(true);
    expect(await emitAck<unknown[]>(laptop, 'fetchMessages', { bookingId })).toEqual([]);
  });

  it('a password reset disconnects every socket of the user', async () => {
    const { client, phoneToken, laptopToken } = await chattingClient();
    const bySession = [await open(phoneToken), await open(laptopToken)];
    const ended = bySession.map((socket) => disconnected(socket));
    const token = await createResetToken(t.database.db, client.id);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    await expectRefused(phoneToken);
    await expectRefused(laptopToken);
  });

  it('a role change and a deletion disconnect every socket of the user', async () => {
    for (const change of ['role', 'delete'] as const) {
      const { client, phoneToken, laptopToken } = await chattingClient();
      const ended = [await open(phoneToken), await open(laptopToken)].map((socket) => disconnected(socket));
      const response = await t.app.inject(
        change === 'role'
          ? {
              method: 'PATCH',
              url: `/api/user/${client.id}/role`,
              headers: admin.headers,
              payload: { role: 'planner' },
            }
          : { method: 'DELETE', url: `/api/user/${client.id}`, headers: admin.headers },
      );
      expect(response.statusCode, change).toBe(200);
      expect(await Promise.all(ended), change).toEqual(['io server disconnect', 'io server disconnect']);
      await expectRefused(phoneToken);
    }
  });
});

describe('a socket whose session ended without a disconnect', () => {
  // The session row goes with no broadcast at all, as if the disconnect had been lost.
  async function endSilently(token: string) {
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  }

  it('can neither send nor fetch once the check is due, and is disconnected', async () => {
    const { bookingId, planner, phoneToken } = await chattingClient();
    const phone = await open(phoneToken);
    expect(await emitAck(phone, 'fetchMessages', { bookingId })).toEqual([]);
    const ended = disconnected(phone, 10_000);
    await endSilently(phoneToken);
    await new Promise((resolve) => setTimeout(resolve, CHECK_SECONDS * 1000 + 100));
    // Its own check on this event refuses it, unless the periodic check got there first.
    const sent = emitAck(phone, 'sendMessage', { bookingId, receiver: planner.id, content: 'after logout' });
    const outcome = await Promise.race([sent, ended.then(() => 'disconnected')]);
    sent.catch(() => {});
    if (outcome !== 'disconnected') {
      expect(outcome).toEqual({
        success: false,
        message: 'Your session has ended. Please log in again to use the chat.',
        code: 'UNAUTHENTICATED',
      });
    }
    expect(await ended).toBe('io server disconnect');
    const stored = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.bookingId, bookingId));
    expect(stored).toEqual([]);
  });

  it('is disconnected while it only listens, by the periodic check', async () => {
    const { laptopToken } = await chattingClient();
    const laptop = await open(laptopToken);
    const ended = disconnected(laptop, CHECK_SECONDS * 3000 + 1000);
    await endSilently(laptopToken);
    expect(await ended).toBe('io server disconnect');
  });

  it('acts as its user as the periodic check refreshed it', async () => {
    const { bookingId, client, planner, phoneToken } = await chattingClient();
    const phone = await open(phoneToken);
    await t.database.db.update(users).set({ username: 'Wanjiku Renamed' }).where(eq(users.id, client.id));
    // Past a periodic check (every half `sessionCheckMs`), before the socket's own would be due.
    await new Promise((resolve) => setTimeout(resolve, CHECK_SECONDS * 900));
    const sent = (await emitAck(phone, 'sendMessage', {
      bookingId,
      receiver: planner.id,
      content: 'hi',
    })) as {
      message: { sender: { username: string } };
    };
    expect(sent.message.sender.username).toBe('Wanjiku Renamed');
  });

  it('stays connected while its session lives, past several checks', async () => {
    const { bookingId, phoneToken } = await chattingClient();
    const phone = await open(phoneToken);
    await new Promise((resolve) => setTimeout(resolve, CHECK_SECONDS * 2000 + 200));
    expect(phone.connected).toBe(true);
    expect(await emitAck(phone, 'fetchMessages', { bookingId })).toEqual([]);
  });
});
