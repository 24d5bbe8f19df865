// The chat benchmark at scale (`CHAT_BENCH_SOCKETS=10000 npm run chat-bench`, run by chat-bench.mjs
// once PostgreSQL is up): that many sockets on one server process, each a signed-in user in a
// booking's chat room with the other party, each sending a message every 10 s at evenly spread
// moments (10,000 sockets: ~1,000 messages a second) for CHAT_SECONDS (default 60). Reports the
// server's memory (RSS and heap, sampled each second), delivery latency (send → the other party's
// `newMessage`) and messages lost, counted exactly (every message numbered by its sender).
//
// The clients run in CHAT_BENCH_WORKERS processes (default 4), WebSocket transport only, each from
// its own source address (127.0.0.2, .3, …) so no address runs out of ephemeral ports. Users and
// sessions are made with set-based SQL (apps/server/scripts/seed-chat.ts), not 10,000 logins; the
// server's limits stay as shipped: one socket per user, at most one message per user in 10 s.
// Sockets connect CHAT_BENCH_CONNECTS_PER_SECOND (default 250) a second, in all: a user's first
// event needs their session and booking looked up, and a faster ramp on this 2-core machine
// (500 a second) had some handshakes fail. Only rooms whose two sockets connected send.
// CHAT_BENCH_PROFILE=cpu|heap writes the server's profile to ./chat-bench-profile/; =snapshot, a heap
// snapshot of the server once every socket is connected.
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, root, spawnServer, stopServer, waitForHealth } from './bench/server.mjs';

const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS);
const ROOMS = Math.floor(SOCKETS / 2);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 60);
const PERIOD_MS = 10_000;
const WORKERS = Number(process.env.CHAT_BENCH_WORKERS ?? 4);
const CONNECTS_PER_SECOND = Number(process.env.CHAT_BENCH_CONNECTS_PER_SECOND ?? 250);
const PROFILE = process.env.CHAT_BENCH_PROFILE;
const MB = 1024 * 1024;

// Each socket is a file descriptor in the server, and in one worker.
const fdLimit = Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
if (fdLimit < SOCKETS + 1000) {
  console.error(
    `The server needs a file descriptor per socket: ulimit -n is ${fdLimit}, ${SOCKETS + 1000} wanted. ` +
      'Raise it (ulimit -n 65536, or LimitNOFILE) and run again.',
  );
  process.exit(1);
}

buildServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-chat-scale-'));
const roomsFile = path.join(dataDir, 'rooms.json');
console.log(`Seeding ${ROOMS} booking rooms, ${ROOMS * 2} signed-in users…`);
const seeded = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/seed-chat.ts', String(ROOMS), roomsFile],
  { cwd: path.join(root, 'apps/server'), stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } },
);
if (seeded.status !== 0) process.exit(1);
const rooms = JSON.parse(readFileSync(roomsFile, 'utf8'));

const profileDir = path.join(root, 'chat-bench-profile');
const profileFlags =
  PROFILE === 'cpu'
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]
    : PROFILE === 'heap'
      ? ['--heap-prof', `--heap-prof-dir=${profileDir}`]
      : PROFILE === 'snapshot'
        ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${profileDir}`]
        : [];
if (profileFlags.length > 0) mkdirSync(profileDir, { recursive: true });
const port = 3700 + Math.floor(Math.random() * 100);
const url = `http://127.0.0.1:${port}`;
const server = spawnServer({
  port,
  dataDir,
  env: { SEED_DEMO: 'false' },
  nodeArgs: ['--import', path.join(root, 'scripts/chat-bench-memory.mjs'), ...profileFlags],
  ipc: true,
});

/** Memory samples: the server's own report each second, and its RSS as the kernel counts it. */
const samples = [];
let phase = 'starting';
server.on('message', (message) => {
  if (!message?.memory) return;
  let vmRss = 0;
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    vmRss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {}
  samples.push({ phase, at: Date.now(), vmRss, ...message.memory });
});

const waitFor = () => waitForHealth(url, `${url} did not start`);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const workers = [];
/** The next IPC message of `type` from a worker. */
const next = (worker, type) =>
  new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message?.type !== type) return;
      worker.child.off('message', onMessage);
      worker.child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code) => reject(new Error(`a worker ended (${code}) while waiting for ${type}`));
    worker.child.on('message', onMessage);
    worker.child.once('exit', onExit);
  });
const all = (type, command) =>
  Promise.all(
    workers.map((worker) => {
      const answer = next(worker, type);
      worker.child.send(command(worker));
      return answer;
    }),
  );
const peak = (key, phases) =>
  Math.max(0, ...samples.filter((s) => !phases || phases.includes(s.phase)).map((s) => s[key]));
const last = (key, phaseName) => samples.filter((s) => s.phase === phaseName).at(-1)?.[key] ?? 0;
const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`;

try {
  await waitFor();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const idle = { rss: last('rss', 'starting'), heap: last('heapUsed', 'starting') };
  // Both parties of a room in one worker; party i sends at i/SOCKETS of the period.
  for (let w = 0; w < WORKERS; w++) {
    const parties = [];
    for (let r = w; r < rooms.length; r += WORKERS) {
      const room = rooms[r];
      parties.push(
        {
          index: 2 * r,
          otherIndex: 2 * r + 1,
          bookingId: room.bookingId,
          me: room.client,
          other: room.planner,
        },
        {
          index: 2 * r + 1,
          otherIndex: 2 * r,
          bookingId: room.bookingId,
          me: room.planner,
          other: room.client,
        },
      );
    }
    for (const party of parties) party.offsetMs = Math.floor((party.index * PERIOD_MS) / (rooms.length * 2));
    const child = fork(
      path.join(root, 'scripts/chat-bench-worker.mjs'),
      [JSON.stringify({ url, localAddress: `127.0.0.${2 + w}` })],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    workers.push({ child, parties });
  }
  await all('ready', (worker) => ({ type: 'parties', parties: worker.parties }));

  phase = 'connecting';
  console.log(`Connecting ${rooms.length * 2} sockets, ${CONNECTS_PER_SECOND} a second…`);
  const connected = await all('connected', () => ({
    type: 'connect',
    perSecond: CONNECTS_PER_SECOND / WORKERS,
  }));
  const sockets = connected.reduce((sum, c) => sum + c.connected, 0);
  const connectErrors = connected.reduce((sum, c) => sum + c.connectErrors, 0);
  const rampMs = Math.max(...connected.map((c) => c.ms));
  console.log(
    `${sockets} sockets connected and in their rooms in ${(rampMs / 1000).toFixed(1)} s, ${connectErrors} refused`,
  );
  phase = 'connected';
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const connectedIdle = { rss: last('rss', 'connected'), heap: last('heapUsed', 'connected') };
  if (PROFILE === 'snapshot') {
    server.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }

  phase = 'sending';
  console.log(`Each sending a message every ${PERIOD_MS / 1000} s for ${SECONDS} s…`);
  const startAt = Date.now() + 1000;
  await all('sent', () => ({ type: 'send', startAt, endAt: startAt + SECONDS * 1000, periodMs: PERIOD_MS }));
  phase = 'draining';
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const reports = await all('report', () => ({ type: 'report' }));
  const sum = (key) => reports.reduce((total, r) => total + r[key], 0);
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const figures = {
    sockets,
    seconds: SECONDS,
    sent: sum('sent'),
    acked: sum('acked'),
    refused: sum('refused'),
    timedOut: sum('timedOut'),
    delivered: sum('delivered'),
    duplicates: sum('duplicates'),
    disconnects: sum('disconnects'),
  };
  figures.lost = figures.sent - figures.delivered;
  const p = (n) => percentile(latencies, n);
  const cores = os.cpus().length;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

  console.log(`\n## Chat at ${sockets} sockets on one process (${new Date().toISOString().slice(0, 10)})`);
  console.log(
    `${cores} cores, load average ${load}; ${WORKERS} client processes; ${SECONDS} s of messages\n`,
  );
  console.log(
    '| sockets | s | sent | stored (acked) | refused | timed out | delivered | lost | dup | p50 ms | p95 ms | p99 ms | max ms |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${sockets} | ${SECONDS} | ${figures.sent} | ${figures.acked} | ${figures.refused} | ${figures.timedOut} | ${figures.delivered} | ${figures.lost} | ${figures.duplicates} | ${p(50)} | ${p(95)} | ${p(99)} | ${latencies.at(-1) ?? 0} |`,
  );
  console.log('\n| server memory | RSS | heap used |');
  console.log('|---|---:|---:|');
  console.log(`| started, no sockets | ${mb(idle.rss)} | ${mb(idle.heap)} |`);
  console.log(
    `| ${sockets} sockets connected, idle | ${mb(connectedIdle.rss)} | ${mb(connectedIdle.heap)} |`,
  );
  console.log(
    `| peak while sending (RSS by /proc: ${mb(peak('vmRss', ['sending', 'draining']))}) | ${mb(peak('rss', ['sending', 'draining']))} | ${mb(peak('heapUsed', ['sending', 'draining']))} |`,
  );
  console.log(`| peak over the whole run | ${mb(peak('rss'))} | ${mb(peak('heapUsed'))} |`);
  console.log(
    `Peaks while sending: heap total (reserved by V8) ${mb(peak('heapTotal', ['sending', 'draining']))}, external ${mb(peak('external', ['sending', 'draining']))}, array buffers ${mb(peak('arrayBuffers', ['sending', 'draining']))}.`,
  );
  console.log(
    `\nGoals: memory under 300 MB — ${peak('rss') < 300 * MB ? 'met' : 'missed'}; p99 under 100 ms — ${p(99) < 100 ? 'met' : 'missed'}; none lost — ${figures.lost === 0 ? 'met' : 'missed'} (disconnects during the run: ${figures.disconnects}).`,
  );
} finally {
  for (const worker of workers) worker.child.send({ type: 'close' });
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.child.once('exit', resolve))));
  await stopServer(server);
  if (profileFlags.length > 0) console.log(`Profile written to ${profileDir}/`);
  rmSync(dataDir, { recursive: true, force: true });
}
