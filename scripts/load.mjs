// `npm run load`: a mixed scenario on a real PostgreSQL — browse with filters, package pages, log
// in, book, the planner accepts, chat, pay the deposit by M-Pesa — by virtual users, printing
// throughput, p50/p99 per call and errors. With DATABASE_URL it uses that (empty) database; otherwise it starts a throwaway
// PostgreSQL itself (Debian's postgresql package).
// A virtual user behaves like a person in a hurry: between two calls it waits a think time drawn
// between half and one and a half times LOAD_THINK_MS (default 1 s: a click a second), and the users arrive over the
// first LOAD_RAMP seconds (default 10) rather than all in one instant. LOAD_THINK_MS=0 turns every
// user into a loop that never waits: a saturation test, where latency is concurrency ÷ throughput.
//   LOAD_USERS=200 LOAD_DURATION=60 npm run load
//   LOAD_DURATION=600 npm run load        (soak: server memory at the start and the end)
//   LOAD_THINK_MS=0 npm run load          (saturation: the most requests per second this machine serves)
// The deposit is paid through a stand-in for Daraja (scripts/bench/payment-provider.mjs) whose callback
// comes LOAD_PIN_MS after the push (default 3000: the time to type the PIN); the user waits for the
// booking room's `paymentUpdated`, as the booking page does. LOAD_PAYMENTS=0 leaves the payment out.
// Then the same run again on two server processes behind nginx (Debian's `nginx` package), on one
// PostgreSQL, with a local S3 (s3rver) as their object store (scripts/bench/cluster.mjs): before the
// load, an image and a chat file uploaded through one process are fetched through the other, and a
// message sent on a socket of one reaches a socket of the other. LOAD_MODE=single or
// LOAD_MODE=cluster runs only one of the two.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crossProcessChecks, findNginx, startLocalS3, startNginx } from './bench/cluster.mjs';
import { settledUpdate, startPaymentProvider } from './bench/payment-provider.mjs';
import { buildServer, root, seedBulk, spawnServer, waitForHealth } from './bench/server.mjs';

const MODES = process.env.LOAD_MODE ? [process.env.LOAD_MODE] : ['single', 'cluster'];
if (MODES.some((mode) => !['single', 'cluster'].includes(mode))) {
  console.error('LOAD_MODE must be single (one process) or cluster (two behind nginx)');
  process.exit(1);
}
if (MODES.includes('cluster') && !findNginx()) process.exit(1);

if (!process.env.DATABASE_URL) {
  // Each run inside its own throwaway PostgreSQL server.
  let failed = false;
  for (const mode of MODES) {
    const result = spawnSync(
      path.join(root, 'scripts/with-postgres.sh'),
      ['bash', '-c', 'DATABASE_URL=$PG_URL node scripts/load.mjs'],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, LOAD_MODE: mode, PG_TEST_PORT: process.env.PG_TEST_PORT ?? '54349' },
      },
    );
    if (result.status !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
/** One server process, or two behind nginx (with DATABASE_URL given, the first of LOAD_MODE's). */
const CLUSTER = MODES[0] === 'cluster';

const { io } = await import('socket.io-client');
const USERS = Number(process.env.LOAD_USERS ?? 200);
const DURATION_S = Number(process.env.LOAD_DURATION ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const RAMP_S = Number(process.env.LOAD_RAMP ?? 10);
// Event dates relative to the clock: the server refuses past days and days over three years ahead.
const NAIROBI_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' });
const dayFromToday = (days) => NAIROBI_DAY.format(new Date(Date.now() + days * 86_400_000));
/** A day 30 to 929 days ahead, spread over users and their steps. */
const eventDay = (n, step) => dayFromToday(30 + ((n * 37 + step * 11) % 900));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => (THINK_MS > 0 ? sleep(THINK_MS * (0.5 + Math.random())) : undefined);
const PIN_MS = Number(process.env.LOAD_PIN_MS ?? 3000);
/** LOAD_PAYMENTS=0 leaves the deposit out: the scenario as it was before payments, for comparison. */
const PAYMENTS = process.env.LOAD_PAYMENTS !== '0';
/** Daraja takes at most Ksh 250,000 in one M-Pesa payment: a larger deposit is not paid by M-Pesa here. */
const MPESA_MAX = 250_000;
/** A phone per user ending in 5, so no suffix of the simulator's failures (1032, 2001, 0001, 1037) turns up. */
const payerPhone = (n) => `07${String(n).padStart(7, '0')}5`;
const PORT = 3700 + Math.floor(Math.random() * 90);
const BASE = `http://127.0.0.1:${PORT}`;

buildServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-load-'));
console.log('Seeding 10,000 packages and the load clients…');
seedBulk(dataDir, 10000);

const provider = await startPaymentProvider({ root, callbackDelayMs: PIN_MS });
// Two processes: each on its own port and its own DATA_DIR (nothing shared through the disk), uploads
// in the local S3, behind nginx on PORT. TRUST_PROXY names the proxies by address (nginx and the
// balancer this script plays are both 127.0.0.1): a hop count leaves every request at 127.0.0.1
// (docs/quality.md, "Two processes behind nginx").
const s3 = CLUSTER ? await startLocalS3() : undefined;
const PROCESS_PORTS = CLUSTER ? [PORT + 100, PORT + 200] : [PORT];
const servers = PROCESS_PORTS.map((port, n) => {
  const processDir = CLUSTER ? path.join(dataDir, `process-${n + 1}`) : dataDir;
  return spawnServer({
    port,
    dataDir: processDir,
    env: {
      ...provider.env,
      ...s3?.env,
      // A person starts a few payments an hour; a virtual user one every few seconds for the whole run.
      RATE_PAYMENTS_PER_ACCOUNT: '1000/1h',
      // And a phone three M-Pesa prompts in 10 minutes; each virtual user pays from its own phone
      // every few seconds.
      RATE_MPESA_PROMPTS_PER_PHONE: '1000/10m',
      PUBLIC_URL: BASE,
      TRUST_PROXY: CLUSTER ? '127.0.0.1' : 'true',
    },
  });
});
const nginx = CLUSTER
  ? startNginx({
      binary: findNginx(),
      listen: `127.0.0.1:${PORT}`,
      upstreams: PROCESS_PORTS.map((port) => `127.0.0.1:${port}`),
    })
  : undefined;

function rssMb() {
  let total = 0;
  for (const server of servers) {
    try {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      total += Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
    } catch {}
  }
  return total;
}

const samples = new Map();
/** Not a call but a wait (it includes the PIN time): in the table, not in the calls' totals; its failures still count. */
const PAYMENT_WAIT = 'M-Pesa deposit: start to paymentUpdated (incl. PIN time)';
const errors = new Map();
function record(name, ms, ok, detail) {
  if (!samples.has(name)) samples.set(name, []);
  samples.get(name).push(ms);
  if (!ok) {
    errors.set(name, (errors.get(name) ?? 0) + 1);
    if ((errors.get(name) ?? 0) <= 3) console.error(`  ${name} failed: ${detail}`);
  }
}

async function call(name, pathname, { method = 'GET', token, body, ip, expect = [200, 201] } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${BASE}${pathname}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json();
    record(
      name,
      performance.now() - started,
      expect.includes(response.status),
      `${response.status} ${json.message ?? ''}`,
    );
    return { status: response.status, json };
  } catch (error) {
    record(name, performance.now() - started, false, String(error));
    return { status: 0, json: {} };
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const waitForServer = (base = BASE) => waitForHealth(base, `server at ${base} did not start`);

try {
  for (const port of PROCESS_PORTS) await waitForServer(`http://127.0.0.1:${port}`);
  await waitForServer();
  if (CLUSTER) {
    const [a, b] = PROCESS_PORTS.map((port) => `http://127.0.0.1:${port}`);
    console.log(
      `\nTwo processes (${a}, ${b}) behind nginx on ${BASE}, uploads in a local S3 (${s3.env.S3_ENDPOINT})`,
    );
    await crossProcessChecks({ a, b, record, io, dayFromToday });
    for (const [name] of samples) console.log(`  ${errors.has(name) ? 'FAILED' : 'ok'}: ${name}`);
  }
  const categories = (await (await fetch(`${BASE}/api/category`)).json()).categories;
  const towns = ['nairobi', 'mombasa', 'kisumu', 'nakuru', 'diani'];
  const words = ['garden', 'wedding', 'birthday', 'gala', 'royal', 'conference'];
  // Planners' tokens, to accept bookings of their packages.
  const plannerTokens = new Map();
  async function plannerToken(plannerId, email) {
    if (!plannerTokens.has(plannerId)) {
      plannerTokens.set(
        plannerId,
        call('POST /api/auth/login (planner)', '/api/auth/login', {
          method: 'POST',
          body: { email, password: 'sherehe-demo' },
          ip: `10.99.${plannerTokens.size % 250}.1`,
        }).then((r) => r.json.token),
      );
    }
    return plannerTokens.get(plannerId);
  }

  const started = Date.now();
  const endAt = started + DURATION_S * 1000;
  const warmupEnd = started + Math.min(60_000, (DURATION_S * 1000) / 4);
  let rssAfterWarmup = 0;
  const rssTimer = setInterval(() => {
    if (!rssAfterWarmup && Date.now() >= warmupEnd) rssAfterWarmup = rssMb();
  }, 1000);

  let iterations = 0;
  async function virtualUser(n) {
    const ip = `10.${Math.floor(n / 250) + 1}.${n % 250}.7`;
    const email = `bench-client-${n + 1}@sherehe.bench`;
    await sleep((n / USERS) * RAMP_S * 1000);
    const login = await call('POST /api/auth/login', '/api/auth/login', {
      method: 'POST',
      body: { email, password: 'sherehe-demo' },
      ip,
    });
    const token = login.json.token;
    const socket = io(BASE, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: true,
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    let step = 0;
    while (Date.now() < endAt) {
      step += 1;
      const q = words[(n + step) % words.length];
      const town = towns[(n * 3 + step) % towns.length];
      const category = categories[(n + step) % categories.length]._id;
      const page = 1 + ((n + step) % 5);
      await think();
      const list = await call(
        'GET /api/packages (search)',
        `/api/packages?q=${q}&location=${town}&category=${category}&minPrice=10000&maxPrice=800000&sort=price_asc&page=${page}&limit=6`,
        { ip },
      );
      await think();
      const browse = await call('GET /api/packages (browse)', `/api/packages?page=${page}&limit=6`, { ip });
      const pkg = (list.json.data?.[0] ?? browse.json.data?.[(n + step) % 6]) || browse.json.data?.[0];
      if (!pkg) continue;
      await think();
      await call('GET /api/packages/:id', `/api/packages/${pkg._id}`, { ip });
      await think();
      const booked = await call('POST /api/bookings/create', '/api/bookings/create', {
        method: 'POST',
        token,
        ip,
        // A planner takes one event a day (decision 015): each user and step asks for its own day.
        body: { package: pkg._id, planner: pkg.planner._id, date: eventDay(n, step), message: 'Load test' },
        // The same client may already hold an open booking of a popular package.
        expect: [201, 409],
      });
      if (booked.status === 201) {
        const bookingId = booked.json.booking._id;
        const pToken = await plannerToken(pkg.planner._id, pkg.planner.email);
        await think();
        const accepted = await call('PATCH /api/bookings/:id (accept)', `/api/bookings/${bookingId}`, {
          method: 'PATCH',
          token: pToken,
          body: { status: 'accepted' },
          ip,
          // Two users may still have asked a popular planner for the same day: the second is declined.
          expect: [200, 409],
        });
        if (accepted.status !== 200) continue;
        await think();
        const chatStarted = performance.now();
        try {
          await socket.timeout(5000).emitWithAck('joinRoom', { bookingId });
          const ack = await socket.timeout(5000).emitWithAck('sendMessage', {
            bookingId,
            receiver: pkg.planner._id,
            content: `Hello from user ${n}`,
          });
          record(
            'socket sendMessage',
            performance.now() - chatStarted,
            ack?.success === true,
            JSON.stringify(ack),
          );
        } catch (error) {
          record('socket sendMessage', performance.now() - chatStarted, false, String(error));
        }
        if (PAYMENTS && booked.json.booking.depositAmount <= MPESA_MAX) {
          await think();
          // Listening before the start, as the booking page is: the update may come at once.
          const update = settledUpdate(socket, bookingId, PIN_MS + 15_000);
          const payStarted = performance.now();
          const paid = await call('POST /api/payments (M-Pesa deposit)', '/api/payments', {
            method: 'POST',
            token,
            ip,
            body: { bookingId, purpose: 'deposit', method: 'mpesa', phone: payerPhone(n) },
            expect: [201],
          });
          if (paid.status === 201) {
            const heard = await update;
            record(
              PAYMENT_WAIT,
              (heard?.at ?? performance.now()) - payStarted,
              heard?.payment.status === 'succeeded',
              heard ? `${heard.payment.status} ${heard.payment.failureReason ?? ''}` : 'no paymentUpdated',
            );
            await call('GET /api/payments?booking=', `/api/payments?booking=${bookingId}`, { token, ip });
          }
        }
        await think();
        await call('PATCH /api/bookings/:id (cancel)', `/api/bookings/${bookingId}`, {
          method: 'PATCH',
          token,
          body: { status: 'cancelled' },
          ip,
        });
      }
      await think();
      await call('GET /api/bookings/my', '/api/bookings/my?page=1&limit=10', { token, ip });
      iterations += 1;
    }
    socket.disconnect();
  }

  const rssStart = rssMb();
  console.log(
    `\nLoad: ${USERS} virtual users for ${DURATION_S} s against ${CLUSTER ? 'two processes behind nginx on one PostgreSQL' : 'PostgreSQL'} (arriving over ${RAMP_S} s, think time ${THINK_MS ? `${THINK_MS / 2}–${(THINK_MS * 3) / 2} ms` : 'none'})…`,
  );
  await Promise.all(Array.from({ length: USERS }, (_, n) => virtualUser(n)));
  clearInterval(rssTimer);
  const elapsed = (Date.now() - started) / 1000;
  const rssEnd = rssMb();

  let total = 0;
  let totalErrors = 0;
  console.log('\n| call | requests | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, values] of samples) {
    if (name !== PAYMENT_WAIT) total += values.length;
    totalErrors += errors.get(name) ?? 0;
    console.log(
      `| ${name} | ${values.length} | ${(values.length / elapsed).toFixed(1)} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${errors.get(name) ?? 0} |`,
    );
  }
  const all = [...samples].flatMap(([name, values]) => (name === PAYMENT_WAIT ? [] : values));
  console.log(
    `\nAll calls: ${total} in ${elapsed.toFixed(0)} s = ${(total / elapsed).toFixed(0)} req/s, p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, ${totalErrors} errors, ${iterations} scenario iterations`,
  );
  console.log(
    `Server memory (RSS${CLUSTER ? ', both processes' : ''}): ${rssStart} MB at start, ${rssAfterWarmup || rssStart} MB after warm-up, ${rssEnd} MB at the end (${rssAfterWarmup ? (((rssEnd - rssAfterWarmup) / rssAfterWarmup) * 100).toFixed(1) : '-'}% since warm-up)`,
  );
  if (totalErrors > 0) process.exitCode = 1;
} finally {
  await nginx?.stop();
  for (const server of servers) {
    if (server.exitCode !== null) continue;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await provider.stop();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
