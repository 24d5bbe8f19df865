import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase } from './db';
import { type ServerProcess, spawnServer } from './process';
import { connected, connectSocket, emitAck } from './sockets';

/**
 * Nothing a stranger sends may end the process: the server runs as a real process (an uncaught
 * exception there kills it, where inside vitest it would only fail a test), and after every kind of
 * hostile header, handshake and frame it must still answer HTTP and accept a normal chat socket.
 */
type Json = Record<string, unknown>;

let server: ServerProcess;
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let host: string;
let port: number;
let token: string;
/** A second session, spent on requests that might end it. */
let spareToken: string;
let origin: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sherehe-hostile-'));
  // Believing X-Forwarded-For puts its garbage through the address parsing too.
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', TRUST_PROXY: 'true' };
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase();
    env.DATABASE_URL = database.url!;
  }
  server = await spawnServer(env);
  const address = new URL(server.url);
  host = address.hostname;
  port = Number(address.port);
  origin = address.origin;
  const registered = await api('/api/auth/register', {
    method: 'POST',
    body: {
      username: 'Hostile Tester',
      email: 'hostile@example.test',
      password: 'long-enough',
      role: 'client',
    },
  });
  token = registered.body.token as string;
  const spare = await api('/api/auth/register', {
    method: 'POST',
    body: { username: 'Spare Tester', email: 'spare@example.test', password: 'long-enough', role: 'client' },
  });
  spareToken = spare.body.token as string;
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function api(pathname: string, init: { method?: string; body?: unknown; headers?: Json } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string>),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  let body: Json = {};
  try {
    body = JSON.parse(text) as Json;
  } catch {}
  return { status: response.status, body };
}

/** Sends bytes as they are (no client library tidies them) and returns the status code answered. */
function rawHttp(request: string | Buffer): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || undefined);
    };
    socket.setTimeout(5_000, done);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(request);
  });
}

function requestText(lines: string[]): string {
  return `${[...lines, `Host: ${host}:${port}`, 'Connection: close'].join('\r\n')}\r\n\r\n`;
}

/**
 * Opens a raw WebSocket on the socket.io endpoint with the given headers, sends `frames` once the
 * engine.io handshake arrived and `afterConnect` once the namespace accepted the connect, and
 * reports what came back: once a frame answers `until`, the server closes the connection, or
 * (without `until`) a moment has passed. A refusal is an answer, not a failure.
 */
function rawSocket(
  frames: Array<string | Buffer>,
  options: {
    headers?: Record<string, string | string[]>;
    afterConnect?: Array<string | Buffer>;
    until?: (frame: string) => boolean;
  } = {},
): Promise<{ opened: boolean; received: string[] }> {
  const { headers = {}, afterConnect, until } = options;
  return new Promise((resolve) => {
    const received: string[] = [];
    let opened = false;
    const ws = new WebSocket(`ws://${host}:${port}/socket.io/?EIO=4&transport=websocket`, {
      headers: headers as Record<string, string>,
      maxPayload: 1024 * 1024,
    });
    const finish = () => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      resolve({ opened, received });
    };
    const timer = setTimeout(finish, 5_000);
    const send = (list: Array<string | Buffer>) => {
      for (const frame of list) {
        if (typeof frame === 'string') ws.send(frame);
        else ws.send(frame, { binary: true });
      }
      if (!until) setTimeout(finish, 300);
    };
    ws.on('message', (data, isBinary) => {
      const frame = isBinary ? `<binary ${(data as Buffer).length}>` : data.toString();
      received.push(frame);
      if (!opened && frame.startsWith('0')) {
        opened = true;
        return send(frames);
      }
      if (afterConnect && frame.startsWith('40{"sid"')) return send(afterConnect);
      if (until?.(frame)) finish();
    });
    ws.on('unexpected-response', finish);
    ws.on('error', finish);
    ws.on('close', finish);
  });
}

/** The answer to a connect: accepted (`40`) or refused (`44`). */
const connectAnswered = (frame: string) => /^4[04]/.test(frame);
/** An event with ack id 99, sent last: its answer means every frame before it was handled. */
const PROBE = '4299["getUnreadCount",{}]';
const probeAnswered = (frame: string) => frame.startsWith('4399');

async function expectAlive() {
  expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
  const health = await api('/api/health');
  expect(health.status).toBe(200);
}

const badCookies = [
  'sherehe_session=%E0%A4%A',
  'sherehe_session=%',
  'sherehe_session=%ZZ; other=%E0',
  'sherehe_session="%E0%A4%A"',
  'sherehe_session',
  'sherehe_session=',
  '=; ;;=%;sherehe_session==%%%',
  `sherehe_session=${'%41'.repeat(2000)}`,
  `sherehe_session=${'a'.repeat(5000)}`,
  'sherehe_session=\u00ff\u00fe',
];

describe('hostile HTTP requests', () => {
  it('survives malformed cookies, tokens and origins on the API', async () => {
    for (const cookie of badCookies) {
      for (const pathname of ['/api/auth/is-auth', '/api/user/data', '/api/health', '/']) {
        const status = await rawHttp(requestText([`GET ${pathname} HTTP/1.1`, `Cookie: ${cookie}`]));
        expect(status, `${pathname} ${cookie}`).toBeLessThan(500);
      }
      const logout = await rawHttp(
        requestText(['POST /api/auth/logout HTTP/1.1', `Cookie: ${cookie}`, 'Content-Length: 0']),
      );
      expect(logout, cookie).toBeLessThan(500);
    }
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Bearer %E0%A4%A',
      `Bearer ${'x'.repeat(8000)}`,
      'Basic Og==',
    ]) {
      const status = await rawHttp(
        requestText(['GET /api/user/data HTTP/1.1', `Authorization: ${authorization}`]),
      );
      expect(status, authorization).toBe(401);
    }
    for (const bad of [
      '%E0%A4%A',
      'null',
      'http://[::1',
      'http://',
      '\u00ff',
      `http://${'a'.repeat(4000)}.test`,
    ]) {
      for (const header of ['Origin', 'Referer']) {
        const status = await rawHttp(
          requestText([
            'POST /api/auth/logout HTTP/1.1',
            `${header}: ${bad}`,
            `Cookie: sherehe_session=${spareToken}`,
            'Content-Length: 0',
          ]),
        );
        expect(status, `${header}: ${bad}`).toBeLessThan(500);
      }
    }
    await expectAlive();
  });

  it('survives malformed addresses, huge and repeated headers', async () => {
    for (const target of [
      '/api/packages/%E0%A4%A',
      '/api/packages?page=%E0%A4%A&q=%',
      '/%',
      '/uploads/%E0%A4%A',
      '/packages/%E0%A4%A',
      `/api/packages?${'a=1&'.repeat(2000)}`,
      '/api/user/%2e%2e%2f%2e%2e',
    ]) {
      const status = await rawHttp(requestText([`GET ${target} HTTP/1.1`]));
      expect(status, target).toBeLessThan(500);
    }
    // A part of the address too long for any id: the app's 404 in its envelope, not the router's own.
    for (const target of [`/api/packages/${'x'.repeat(300)}`, `/b/${'y'.repeat(5000)}`]) {
      const response = await fetch(`http://${host}:${port}${target}`);
      expect(response.status, target.slice(0, 20)).toBe(404);
      const body = (await response.json()) as { success: boolean; code: string; message: string };
      expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(body.message.length).toBeLessThan(120);
    }
    // Larger than Node's header limit: refused by the HTTP parser (431), process untouched.
    expect(await rawHttp(requestText(['GET /api/health HTTP/1.1', `Cookie: a=${'b'.repeat(40_000)}`]))).toBe(
      431,
    );
    // Just under it, and the same headers many times over.
    const repeated = (name: string, value: string, times: number) =>
      Array.from({ length: times }, () => `${name}: ${value}`);
    for (const lines of [
      [`Cookie: ${Array.from({ length: 1200 }, (_, i) => `c${i}=%E0`).join('; ')}`],
      repeated('Cookie', 'sherehe_session=%E0%A4%A', 200),
      repeated('Authorization', 'Bearer %E0', 100),
      repeated('Origin', 'https://evil.example', 100),
      repeated('X-Forwarded-For', '%E0%A4%A, 999.1.1.1', 100),
      [`Accept-Encoding: ${'br;q=%, '.repeat(1000)}`],
      ['Content-Type: application/json; charset=%E0%A4%A', 'Content-Length: 2'],
    ]) {
      const isPost = lines.some((line) => line.startsWith('Content-Length'));
      const first = isPost ? 'POST /api/auth/login HTTP/1.1' : 'GET /api/auth/is-auth HTTP/1.1';
      const status = await rawHttp(`${requestText([first, ...lines])}${isPost ? '{}' : ''}`);
      expect(status, lines[0]?.slice(0, 60)).toBeLessThan(500);
    }
    // Bytes that are not text at all.
    expect(await rawHttp(Buffer.from([0xff, 0xfe, 0x00, 0x0d, 0x0a, 0x0d, 0x0a]))).toBe(400);
    await expectAlive();
  });
});

describe('hostile socket handshakes and frames', () => {
  it('survives malformed cookies, bad origins and repeated headers on the socket handshake', async () => {
    for (const cookie of badCookies) {
      await rawSocket(['40'], { headers: { cookie }, until: connectAnswered });
      await rawSocket(['40'], {
        headers: { cookie, origin: 'https://evil.example' },
        until: connectAnswered,
      });
      await rawSocket(['40'], { headers: { cookie, origin: '%E0%A4%A' }, until: connectAnswered });
    }
    await rawSocket(['40'], {
      headers: { cookie: `sherehe_session=${token}`, origin: 'http://[::1' },
      until: connectAnswered,
    });
    await rawSocket(['40'], {
      headers: { cookie: `sherehe_session=${token}`, origin: 'null' },
      until: connectAnswered,
    });
    await rawSocket(['40'], {
      headers: { cookie: Array.from({ length: 200 }, () => 'sherehe_session=%E0%A4%A') },
      until: connectAnswered,
    });
    await rawSocket(['40'], {
      headers: { origin: Array.from({ length: 50 }, () => 'https://evil.example') },
      until: connectAnswered,
    });
    await rawSocket(['40'], {
      headers: { cookie: `${'x=%E0; '.repeat(1500)}sherehe_session=%` },
      until: connectAnswered,
    });
    await expectAlive();
  });

  it('survives auth tokens of every JSON type in the connect packet', async () => {
    const auths = [
      'null',
      '5',
      'true',
      '"a string"',
      '[]',
      '[1,2]',
      '{}',
      '{"token":null}',
      '{"token":0}',
      '{"token":12345678901234567890}',
      '{"token":false}',
      '{"token":true}',
      '{"token":[]}',
      '{"token":["a","b"]}',
      '{"token":{}}',
      '{"token":{"toString":"x","valueOf":1}}',
      '{"token":""}',
      '{"token":"%E0%A4%A"}',
      `{"token":"${'x'.repeat(200_000)}"}`,
      '{"token":"\\u0000"}',
      '{"__proto__":{"token":"x"}}',
      '{"token":',
    ];
    for (const auth of auths) {
      const { received } = await rawSocket([`40${auth}`], { until: connectAnswered });
      expect(
        received.some((frame) => frame.startsWith('40{"sid"')),
        auth.slice(0, 40),
      ).toBe(false);
    }
    // The same frames with a real token do connect: the refusals above were the server's answers.
    const { received } = await rawSocket([`40{"token":"${token}"}`], { until: connectAnswered });
    expect(received.some((frame) => frame.startsWith('40{"sid"'))).toBe(true);
    await expectAlive();
  });

  it('survives garbage engine.io and socket.io packets, wrong payloads and binary frames', async () => {
    const connect = `40{"token":"${token}"}`;
    const garbage: Array<string | Buffer> = [
      '',
      'x',
      '9',
      '0',
      '1',
      '2probe',
      '3',
      '5',
      '6',
      '4',
      '4x',
      '49',
      '42',
      '42[',
      '42[]',
      '42{}',
      '42null',
      '42[5]',
      '42[null]',
      '42[{"a":1}]',
      '42["fetchMessages"]',
      '42["fetchMessages",null]',
      '421["fetchMessages",null]',
      '421["fetchMessages","not an object"]',
      '421["fetchMessages",{"bookingId":{"$gt":""}}]',
      '421["fetchMessages",{"bookingId":["a"]}]',
      '421["joinRoom",{"bookingId":"00000000-0000-0000-0000-000000000000"}]',
      '421["sendMessage",5,{}]',
      '421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":null,"content":{}}]',
      `421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":"00000000-0000-0000-0000-000000000000","content":"${'y'.repeat(100_000)}"}]`,
      // The attachments field (docs/chat-and-files.md#files-in-chat): wrong types, too many, not ids, objects, huge lists.
      '421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":"00000000-0000-0000-0000-000000000000","content":"","attachments":"x"}]',
      '421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":"00000000-0000-0000-0000-000000000000","content":"","attachments":[]}]',
      '421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":"00000000-0000-0000-0000-000000000000","content":"","attachments":[null,{"$ne":1},["a"],5]}]',
      '421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":"00000000-0000-0000-0000-000000000000","content":"x","attachments":{"0":"00000000-0000-0000-0000-000000000000","length":1}}]',
      `421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":"00000000-0000-0000-0000-000000000000","content":"x","attachments":[${Array.from({ length: 20_000 }, () => '"00000000-0000-0000-0000-000000000000"').join(',')}]}]`,
      '421["sendMessage",{"bookingId":"00000000-0000-0000-0000-000000000000","receiver":"00000000-0000-0000-0000-000000000000","content":"x","attachments":["00000000-0000-0000-0000-000000000000","00000000-0000-0000-0000-000000000000"]}]',
      '421["getUnreadCount",{"bookingId":5,"packageId":[]}]',
      '421["getUnreadCount",[]]',
      '421["markRead"]',
      '421["leaveRoom",{"bookingId":"x"}]',
      '42["__proto__",{}]',
      '42["constructor",1]',
      '42["toString"]',
      '42["hasOwnProperty",1]',
      '42["disconnect"]',
      '42["connect"]',
      '42["error"]',
      '42["newMessage",{}]',
      '4299999999999999999999["fetchMessages",{}]',
      '43["fetchMessages"]',
      '431[]',
      '44{"message":"x"}',
      '41',
      '45-["fetchMessages",{"_placeholder":true,"num":0}]',
      Buffer.from([1, 2, 3]),
      '451-["fetchMessages",{"_placeholder":true,"num":7}]',
      Buffer.alloc(10),
      '4599999-["fetchMessages",{"_placeholder":true,"num":0}]',
      '45-["fetchMessages",{"_placeholder":"yes","num":"0"}]',
      Buffer.from([0]),
      '46-1[{"_placeholder":true,"num":0}]',
      Buffer.from([0xff]),
      Buffer.alloc(2 * 1024 * 1024),
      Buffer.from('\u00ff\u00fe', 'latin1'),
    ];
    // A connected raw socket is answered (so the frames below reach the handlers).
    const control = await rawSocket([connect], { afterConnect: [PROBE], until: probeAnswered });
    expect(control.received).toContain('4399[0]');
    // Each frame on its own socket, once connected: a frame that closes the socket must not hide
    // what the next one would have done.
    for (const frame of garbage) {
      await rawSocket([connect], { afterConnect: [frame, PROBE], until: probeAnswered });
    }
    // Before the connect is answered, with no connect at all, and all of them on one socket.
    for (const frame of garbage) await rawSocket([connect, frame, PROBE], { until: probeAnswered });
    await rawSocket(garbage);
    await rawSocket([connect], { afterConnect: [...garbage, PROBE], until: probeAnswered });
    await expectAlive();
  }, 120_000);
});

describe('afterwards', () => {
  it('still logs in, connects a socket and answers it', async () => {
    await expectAlive();
    const login = await api('/api/auth/login', {
      method: 'POST',
      // Not the user whose events flooded above: its chat budget may still be spent.
      body: { email: 'spare@example.test', password: 'long-enough' },
    });
    expect(login.status).toBe(200);
    const socket = connectSocket(server.url, { token: login.body.token as string });
    try {
      await connected(socket);
      expect(await emitAck(socket, 'getUnreadCount', {})).toBe(0);
    } finally {
      socket.disconnect();
    }
    const viaCookie = connectSocket(server.url, {
      cookie: `sherehe_session=${login.body.token as string}`,
      origin,
    });
    try {
      await connected(viaCookie);
      expect(await emitAck(viaCookie, 'getUnreadCount', {})).toBe(0);
    } finally {
      viaCookie.disconnect();
    }
  });
});
