// `npm run chat-bench`: 500 connected sockets in 250 booking rooms, each sending a message a second
// for 20 s: delivery latency p50/p99 and lost messages, first on one server process, then with the
// two parties of every room on two processes (through the socket.io PostgreSQL adapter).
// Uses DATABASE_URL, or starts a throwaway PostgreSQL itself.
//   CHAT_ROOMS=250 CHAT_SECONDS=20 npm run chat-bench
// At scale, 10,000 sockets on one process, a message every 10 s each (scripts/chat-bench-scale.mjs):
//   CHAT_BENCH_SOCKETS=10000 npm run chat-bench
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, root, seedBulk, spawnServer, stopServer, waitForHealth } from './bench/server.mjs';

if (!process.env.DATABASE_URL) {
  const result = spawnSync(
    path.join(root, 'scripts/with-postgres.sh'),
    // A socket is a file descriptor: as many as the hard limit allows.
    ['bash', '-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; DATABASE_URL=$PG_URL node scripts/chat-bench.mjs'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PG_TEST_PORT: process.env.PG_TEST_PORT ?? '54359' },
    },
  );
  process.exit(result.status ?? 1);
}

if (process.env.CHAT_BENCH_SOCKETS) {
  await import('./chat-bench-scale.mjs');
  process.exit(0);
}

const { io } = await import('socket.io-client');
// Event dates relative to the clock: the server refuses past days and days over three years ahead.
const NAIROBI_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' });
const dayFromToday = (days) => NAIROBI_DAY.format(new Date(Date.now() + days * 86_400_000));
const ROOMS = Number(process.env.CHAT_ROOMS ?? 250);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 20);

buildServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-chat-bench-'));
console.log('Seeding users and packages…');
seedBulk(dataDir, 2000);

function startServer(port) {
  const child = spawnServer({ port, dataDir, env: { TRUST_PROXY: 'true', SEED_DEMO: 'false' } });
  return { child, url: `http://127.0.0.1:${port}` };
}

const waitFor = (url) => waitForHealth(url, `${url} did not start`);

async function post(url, pathname, body, token, ip) {
  const response = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** One booking per room between a bench client and a planner of their own. */
async function makeRooms(url) {
  const rooms = [];
  for (let i = 1; i <= ROOMS; i++) {
    const ip = `10.${Math.floor(i / 250) + 1}.${i % 250}.9`;
    const planner = await post(
      url,
      '/api/auth/login',
      { email: `bulk-planner-${i}@sherehe.bench`, password: 'sherehe-demo' },
      undefined,
      ip,
    );
    const list = await (
      await fetch(`${url}/api/packages?planner=${planner.user._id}&page=1&limit=10`)
    ).json();
    const clientToken = `bench-token-${i}`;
    let booked;
    // The seed may already have given this client an open booking of one of these packages.
    for (const pkg of list.data) {
      booked = await post(
        url,
        '/api/bookings/create',
        { package: pkg._id, planner: planner.user._id, date: dayFromToday(60) },
        clientToken,
        ip,
      );
      if (booked.success) break;
    }
    if (!booked?.success) throw new Error(`could not book for room ${i}: ${booked?.message}`);
    const client = await (
      await fetch(`${url}/api/user/data`, { headers: { authorization: `Bearer ${clientToken}` } })
    ).json();
    rooms.push({
      bookingId: booked.booking._id,
      client: { id: client.userData._id, token: clientToken },
      planner: { id: planner.user._id, token: planner.token },
    });
  }
  return rooms;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(label, rooms, clientUrl, plannerUrl) {
  const sockets = [];
  const latencies = [];
  let sent = 0;
  let acked = 0;
  let delivered = 0;
  /** Sends not stored, by the refusal's code. */
  const refusals = new Map();
  const connect = (url, token) =>
    new Promise((resolve, reject) => {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
        forceNew: true,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const parties = [];
  for (const room of rooms) {
    for (const [me, other, url] of [
      [room.client, room.planner, clientUrl],
      [room.planner, room.client, plannerUrl],
    ]) {
      const socket = await connect(url, me.token);
      sockets.push(socket);
      await socket.timeout(10_000).emitWithAck('joinRoom', { bookingId: room.bookingId });
      socket.on('newMessage', (message) => {
        if (message.sender._id === me.id) return; // our own echo
        delivered += 1;
        const { t } = JSON.parse(message.content);
        latencies.push(Date.now() - t);
      });
      parties.push({ socket, bookingId: room.bookingId, receiver: other.id });
    }
  }
  console.log(
    `\n${label}: ${sockets.length} sockets in ${rooms.length} rooms, a message a second each for ${SECONDS} s…`,
  );
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    parties.map(async (party, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 997) % 1000));
      while (Date.now() < end) {
        const tick = Date.now();
        sent += 1;
        const ack = await party.socket
          .timeout(10_000)
          .emitWithAck('sendMessage', {
            bookingId: party.bookingId,
            receiver: party.receiver,
            content: JSON.stringify({ t: Date.now() }),
          })
          .catch(() => undefined);
        if (ack?.success) acked += 1;
        else refusals.set(ack?.code ?? 'no answer', (refusals.get(ack?.code ?? 'no answer') ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - tick))));
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const socket of sockets) socket.disconnect();
  const lost = acked - delivered;
  if (refusals.size > 0) console.log(`${label}: not stored: ${JSON.stringify(Object.fromEntries(refusals))}`);
  console.log(
    `${label}: sent ${sent}, stored ${acked}, delivered ${delivered}, lost ${lost}; latency p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${Math.max(0, ...latencies)} ms`,
  );
  return {
    label,
    sent,
    acked,
    delivered,
    lost,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const first = startServer(3600 + Math.floor(Math.random() * 50));
const second = startServer(3650 + Math.floor(Math.random() * 50));
const results = [];
try {
  await Promise.all([waitFor(first.url), waitFor(second.url)]);
  console.log(`Creating ${ROOMS} bookings…`);
  const rooms = await makeRooms(first.url);
  results.push(await run('one process', rooms, first.url, first.url));
  results.push(await run('two processes (client on A, planner on B)', rooms, first.url, second.url));
  console.log('\n| run | sent | stored | delivered | lost | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(`| ${r.label} | ${r.sent} | ${r.acked} | ${r.delivered} | ${r.lost} | ${r.p50} | ${r.p99} |`);
  console.log('\nGoal: p99 under 50 ms, none lost.');
} finally {
  await Promise.all([first, second].map((server) => stopServer(server.child)));
  rmSync(dataDir, { recursive: true, force: true });
}
