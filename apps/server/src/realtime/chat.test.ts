import { MESSAGES } from '@sherehe/shared/messages';
import { MESSAGES_SW } from '@sherehe/shared/messages-sw';
import { count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, listenLocally, useTestApp } from '../../test/build-app';
import { createBookingRow, createPackage, createUser, type TestUser } from '../../test/factories';
import { collect, connected, connectSocket, emitAck, nextEvent } from '../../test/sockets';
import { chatMessages, users } from '../db/schema';

let url: string;
let client: TestUser;
let planner: TestUser;
let stranger: TestUser;
let bookingId: string;
let packageId: string;
const sockets: Socket[] = [];

const t = useTestApp();
beforeAll(async () => {
  url = await listenLocally(t);
  const db = t.database.db;
  client = await createUser(db, { role: 'client', username: 'Grace' });
  planner = await createUser(db, { role: 'planner', username: 'Wanjiru' });
  stranger = await createUser(db, { role: 'planner', username: 'Stranger' });
  const pkg = await createPackage(db, { plannerId: planner.id, title: 'Chat Package' });
  packageId = pkg.id;
  bookingId = (await createBookingRow(db, { clientId: client.id, packageId: pkg.id, plannerId: planner.id }))
    .id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

async function open(user: TestUser) {
  const socket = connectSocket(url, { token: user.token });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function messageCount(where = eq(chatMessages.bookingId, bookingId)) {
  const [row] = await t.database.db.select({ n: count() }).from(chatMessages).where(where);
  return row?.n ?? 0;
}

describe('connecting', () => {
  it('refuses a connection without a token or with a dead one', async () => {
    for (const options of [{}, { token: 'not-a-real-token' }]) {
      const socket = connectSocket(url, options);
      sockets.push(socket);
      const refusal = await connected(socket).catch((error: Error & { data?: unknown }) => error);
      expect(refusal).toBeInstanceOf(Error);
      expect((refusal as Error).message).toMatch(/Unauthorized/);
      // The same body as an HTTP error, for clients that read the code.
      expect((refusal as { data?: unknown }).data).toEqual({
        success: false,
        code: 'UNAUTHENTICATED',
        message: (refusal as Error).message,
      });
    }
  });

  it('accepts the session cookie from the app itself, not from a foreign page', async () => {
    const own = connectSocket(url, {
      cookie: `sherehe_session=${client.token}`,
      origin: 'http://localhost:3000',
    });
    sockets.push(own);
    await connected(own);
    const foreign = connectSocket(url, {
      cookie: `sherehe_session=${client.token}`,
      origin: 'https://evil.example',
    });
    sockets.push(foreign);
    await expect(connected(foreign)).rejects.toThrow();
  });
});

describe('chatting on a booking', () => {
  it("delivers a message to the booking's room, stored before it is emitted, and notifies the receiver", async () => {
    const clientSocket = await open(client);
    const plannerSocket = await open(planner);
    const plannerElsewhere = await open(planner);
    expect(await emitAck(clientSocket, 'joinRoom', { bookingId })).toEqual({ success: true });
    expect(await emitAck(plannerSocket, 'joinRoom', { bookingId })).toEqual({ success: true });

    const atPlanner = nextEvent<Record<string, unknown>>(plannerSocket, 'newMessage');
    const atClient = nextEvent<Record<string, unknown>>(clientSocket, 'newMessage');
    const notification = nextEvent<Record<string, unknown>>(plannerElsewhere, 'notification');
    const ack = await emitAck<{ success: boolean }>(clientSocket, 'sendMessage', {
      bookingId,
      receiver: planner.id,
      content: '  Habari! Is 14 December free?  ',
    });
    expect(ack.success).toBe(true);
    const received = await atPlanner;
    expect(received).toEqual({
      _id: expect.any(String),
      booking: bookingId,
      sender: { _id: client.id, username: 'Grace' },
      receiver: planner.id,
      content: 'Habari! Is 14 December free?',
      createdAt: expect.any(String),
    });
    expect(await atClient).toEqual(received);
    const note = await notification;
    expect(note).toMatchObject({
      bookingId,
      packageId,
      sender: { _id: client.id, username: 'Grace' },
      message: received,
    });
    // The row was there by the time anyone heard of it.
    const [row] = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, String(received._id)));
    expect(row?.content).toBe('Habari! Is 14 December free?');
  });

  it('returns the history oldest first with senders, and reading it clears the unread count', async () => {
    const clientSocket = await open(client);
    const plannerSocket = await open(planner);
    for (const content of ['one', 'two']) {
      await emitAck(plannerSocket, 'sendMessage', { bookingId, receiver: client.id, content });
    }
    expect(await emitAck(clientSocket, 'getUnreadCount', { bookingId })).toBe(2);
    expect(await emitAck(clientSocket, 'getUnreadCount', { packageId })).toBe(2);
    expect(await emitAck(clientSocket, 'getUnreadCount', {})).toBe(2);
    expect(await emitAck(clientSocket, 'getUnreadCount')).toBe(2);
    const unread = await injectAs(t, client, 'GET', '/api/chat/unread');
    expect(unread.json()).toEqual({ success: true, total: 2, byBooking: { [bookingId]: 2 } });

    const history = await emitAck<Array<{ content: string; sender: { username: string } }>>(
      clientSocket,
      'fetchMessages',
      {
        bookingId,
      },
    );
    expect(history.slice(-2).map((m) => [m.sender.username, m.content])).toEqual([
      ['Wanjiru', 'one'],
      ['Wanjiru', 'two'],
    ]);
    expect(history[0]?.content).toBe('Habari! Is 14 December free?');
    expect(await emitAck(clientSocket, 'getUnreadCount', { bookingId })).toBe(0);
    // Fetching does not mark the reader's own messages read for the other side.
    expect(await emitAck(plannerSocket, 'getUnreadCount', { bookingId })).toBe(1);
    expect(await emitAck(plannerSocket, 'markRead', { bookingId })).toEqual({ success: true, marked: 1 });
    expect(await emitAck(plannerSocket, 'getUnreadCount', {})).toBe(0);
  });

  it('keeps a third user out: cannot join, read or post, and nothing is stored', async () => {
    const intruder = await open(stranger);
    const before = await messageCount();
    expect(await emitAck(intruder, 'joinRoom', { bookingId })).toEqual({
      success: false,
      message: 'You are not part of this booking.',
      code: 'FORBIDDEN',
    });
    expect(await emitAck(intruder, 'fetchMessages', { bookingId })).toMatchObject({ success: false });
    expect(
      await emitAck(intruder, 'sendMessage', {
        bookingId,
        receiver: client.id,
        content: 'Cheaper offer here!',
      }),
    ).toMatchObject({ success: false });
    expect(await emitAck(intruder, 'markRead', { bookingId })).toMatchObject({ success: false });
    expect(await messageCount()).toBe(before);
    // And does not hear the booking's messages either.
    const heard = collect(intruder, 'newMessage');
    const clientSocket = await open(client);
    await emitAck(clientSocket, 'sendMessage', { bookingId, receiver: planner.id, content: 'private' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });

  it('refuses a message to the wrong receiver, a blank one and one too long, storing nothing', async () => {
    const clientSocket = await open(client);
    const before = await messageCount();
    for (const payload of [
      { bookingId, receiver: stranger.id, content: 'to the wrong person' },
      { bookingId, receiver: client.id, content: 'to myself' },
      { bookingId, receiver: planner.id, content: '    ' },
      { bookingId, receiver: planner.id, content: 'x'.repeat(2001) },
      { bookingId, receiver: planner.id, content: 'nul\u0000byte' },
      { bookingId: 'nope', receiver: planner.id, content: 'hi' },
      { bookingId, receiver: planner.id },
      'just a string',
    ]) {
      const ack = await emitAck<{ success: boolean; message: string }>(clientSocket, 'sendMessage', payload);
      expect(ack.success, JSON.stringify(payload)).toBe(false);
      expect(ack.message).toEqual(expect.any(String));
    }
    expect(await messageCount()).toBe(before);
    const longest = await emitAck<{ success: boolean }>(clientSocket, 'sendMessage', {
      bookingId,
      receiver: planner.id,
      content: 'y'.repeat(2000),
    });
    expect(longest.success).toBe(true);
  });

  it('refuses in the HTTP error body: a code, and the fields at fault', async () => {
    const clientSocket = await open(client);
    expect(await emitAck(clientSocket, 'joinRoom', { bookingId: 'nope' })).toEqual({
      success: false,
      message: 'bookingId must be a booking id.',
      code: 'VALIDATION',
      errors: [{ path: 'bookingId', message: 'bookingId must be a booking id.' }],
    });
    expect(
      await emitAck(clientSocket, 'sendMessage', { bookingId, receiver: stranger.id, content: 'hi' }),
    ).toEqual({
      success: false,
      message: 'The receiver must be the other party of the booking.',
      code: 'VALIDATION',
    });
  });

  it('refuses control characters anywhere in a payload with a 400-style answer, storing nothing', async () => {
    const clientSocket = await open(client);
    const before = await messageCount();
    const message = MESSAGES.security.controlCharacters;
    const refused = (path: string) => ({
      success: false,
      message,
      code: 'VALIDATION',
      errors: [{ path, message }],
    });
    const text = { bookingId, receiver: planner.id, content: 'Harusi ni Jumamosi' };
    for (const [event, payload, path] of [
      ['sendMessage', { ...text, clientId: 'c-\u0000-1' }, 'clientId'],
      ['sendMessage', { ...text, clientId: 'c-\n-1' }, 'clientId'],
      ['sendMessage', { ...text, content: 'ring\u0007 me' }, 'content'],
      ['sendMessage', { ...text, content: 'escape \u001b[31m red' }, 'content'],
      ['sendMessage', { ...text, content: 'delete\u007f' }, 'content'],
      ['sendMessage', { ...text, 'extra\u0000': 1 }, 'extra\u0000'],
      ['getUnreadCount', { bookingId, packageId: null, note: ['ok', 'x\u0001'] }, 'note.1'],
      ['markRead', { bookingId, hint: { deep: 'a\u0000b' } }, 'hint.deep'],
    ] as const) {
      expect(await emitAck(clientSocket, event, payload), JSON.stringify(payload)).toEqual(refused(path));
    }
    expect(await messageCount()).toBe(before);
    // Line breaks and tabs are part of a message's text.
    const multiline = await emitAck<{ success: boolean; message: { content: string } }>(
      clientSocket,
      'sendMessage',
      { ...text, content: 'Mpango:\n\t1. Ukumbi\r\n\t2. Chakula', clientId: 'c-multiline' },
    );
    expect(multiline.success).toBe(true);
    expect(multiline.message.content).toBe('Mpango:\n\t1. Ukumbi\r\n\t2. Chakula');
  });

  it('stores a resent message once (same client id after a reconnect)', async () => {
    const clientSocket = await open(client);
    const before = await messageCount();
    const payload = { bookingId, receiver: planner.id, content: 'sent twice', clientId: 'c-123' };
    const first = await emitAck<{ message: { _id: string } }>(clientSocket, 'sendMessage', payload);
    const again = await emitAck<{ message: { _id: string } }>(clientSocket, 'sendMessage', payload);
    expect(again.message._id).toBe(first.message._id);
    expect(await messageCount()).toBe(before + 1);
  });

  it('limits how fast one user can send', async () => {
    const other = await createUser(t.database.db, { role: 'client' });
    const otherBooking = await createBookingRow(t.database.db, {
      clientId: other.id,
      packageId,
      plannerId: planner.id,
    });
    const socket = await open(other);
    const acks = [];
    for (let i = 0; i < 12; i++) {
      acks.push(
        await emitAck<{ success: boolean; message?: string }>(socket, 'sendMessage', {
          bookingId: otherBooking.id,
          receiver: planner.id,
          content: `message ${i}`,
        }),
      );
    }
    expect(acks.filter((a) => a.success)).toHaveLength(10);
    expect(acks.at(-1)).toEqual({
      success: false,
      message: 'You are sending messages too fast. Please wait a moment.',
      code: 'RATE_LIMITED',
    });
    expect(await messageCount(eq(chatMessages.bookingId, otherBooking.id))).toBe(10);
  });
});

describe('refusals in the language of the person', () => {
  it('refuses a guest in Kiswahili when the lang cookie or Accept-Language says so, else in English', async () => {
    const refusalOf = async (headers: { cookie?: string; acceptLanguage?: string }) => {
      const socket = connectSocket(url, {
        ...(headers.cookie && { cookie: headers.cookie }),
        ...(headers.acceptLanguage && { acceptLanguage: headers.acceptLanguage }),
      });
      sockets.push(socket);
      const error = (await connected(socket).catch((caught: unknown) => caught)) as Error & {
        data?: { message: string; code: string };
      };
      return { message: error.message, data: error.data };
    };
    const swahili = {
      message: MESSAGES_SW.chat.loginRequired,
      data: expect.objectContaining({ message: MESSAGES_SW.chat.loginRequired, code: 'UNAUTHENTICATED' }),
    };
    expect(await refusalOf({ cookie: 'lang=sw' })).toEqual(swahili);
    expect(await refusalOf({ acceptLanguage: 'sw-KE,sw;q=0.9' })).toEqual(swahili);
    expect((await refusalOf({})).message).toBe(MESSAGES.chat.loginRequired);
  });

  it('answers a Kiswahili user’s refused events in Kiswahili, and an English user’s in English', async () => {
    const swahiliUser = await createUser(t.database.db, { role: 'client', locale: 'sw' });
    const swahiliSocket = await open(swahiliUser);
    const englishSocket = await open(stranger);
    const payload = { bookingId, receiver: planner.id, content: 'hujambo' };
    // Not a party of the booking: refused, in each one's language.
    const [swahiliAck, englishAck] = await Promise.all([
      emitAck<{ success: boolean; message: string }>(swahiliSocket, 'sendMessage', payload),
      emitAck<{ success: boolean; message: string }>(englishSocket, 'sendMessage', payload),
    ]);
    expect(swahiliAck.success).toBe(false);
    expect(englishAck.success).toBe(false);
    expect(englishAck.message).not.toBe('');
    expect(swahiliAck.message).not.toBe(englishAck.message);
    expect(Object.values(MESSAGES_SW).flatMap((domain) => Object.values(domain))).toContain(
      swahiliAck.message,
    );
    // A form check's text too.
    const tooLong = await emitAck<{ message: string; errors: { message: string }[] }>(
      swahiliSocket,
      'sendMessage',
      {
        bookingId,
        receiver: planner.id,
        content: 'x'.repeat(2001),
      },
    );
    const englishTooLong = await emitAck<{ message: string }>(englishSocket, 'sendMessage', {
      bookingId,
      receiver: planner.id,
      content: 'x'.repeat(2001),
    });
    expect(tooLong.message).not.toBe(englishTooLong.message);
    expect(tooLong.errors[0]?.message).toBe(tooLong.message);
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, swahiliUser.id));
  });
});
