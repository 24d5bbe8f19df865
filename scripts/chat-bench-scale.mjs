// The chat benchmark at scale (`CHAT_BENCH_SOCKETS=10000 npm run chat-bench`, run by chat-bench.mjs
// once PostgreSQL is up): that many sockets on one server process, each a signed-in user in a
// booking's chat room with the other party, each sending a message every 10 s at evenly spread
// moments (10,000 sockets: ~1,000 messages a second) for CHAT_SECONDS (default 60). Reports the
// server's memory (RSS and heap, sampled each second), delivery latency (send → the other party's
// `newMessage`) and messages lost, counted exactly (every message numbered by its sender), and the
// processor seconds each part of the run took while sending (the servers, the clients, nginx,
// PostgreSQL), read from /proc: on one machine they all share its cores.
//
// The clients run in CHAT_BENCH_WORKERS processes (default 4), WebSocket transport only, each from
// its own source address (127.0.0.2, .3, …) so no address runs out of ephemeral ports. Users and
// sessions are made with set-based SQL (apps/server/scripts/seed-chat.ts), not 10,000 logins; the
// server's limits stay as shipped: one socket per user, at most one message per user in 10 s.
// Sockets connect CHAT_BENCH_CONNECTS_PER_SECOND (default 250) a second, in all: a user's first
// event needs their session and booking looked up, and a faster ramp on this 2-core machine
// (500 a second) had some handshakes fail. Only rooms whose two sockets connected send.
// CHAT_BENCH_PROFILE=cpu|heap writes the server's profile to ./chat-bench-profile/; =snapshot, a heap
// snapshot of the server once every socket is connected. CHAT_BENCH_PROCESSES=2 runs that many
// server processes behind nginx (scripts/bench/cluster.mjs, with enough workers for two file
// descriptors a socket), the clients connecting through it: the two parties of a room may land on
// different processes, and each process's memory is reported. CHAT_BENCH_NODE_ARGS adds flags to
// the server processes' node (e.g. --max-semi-space-size=16).
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, startNginx } from './bench/cluster.mjs';
import { buildServer, root, spawnServer, stopServer, waitForHealth } from './bench/server.mjs';

const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS);
const ROOMS = Math.floor(SOCKETS / 2);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 60);
const PERIOD_MS = 10_000;
const WORKERS = Number(process.env.CHAT_BENCH_WORKERS ?? 4);
const CONNECTS_PER_SECOND = Number(process.env.CHAT_BENCH_CONNECTS_PER_SECOND ?? 250);
const PROFILE = process.env.CHAT_BENCH_PROFILE;
const PROCESSES = Number(process.env.CHAT_BENCH_PROCESSES ?? 1);
const NODE_ARGS = (process.env.CHAT_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Connections one nginx worker takes: a proxied socket is two file descriptors. */
const PER_NGINX_WORKER = 4000;
const MB = 1024 * 1024;

// Each socket is a file descriptor in its server, and in one worker (and two in an nginx worker).
const fdLimit = Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
const fdWanted = Math.ceil(SOCKETS / PROCESSES) + 1000;
if (fdLimit < fdWanted) {
  console.error(
    `The server needs a file descriptor per socket: ulimit -n is ${fdLimit}, ${fdWanted} wanted. ` +
      'Raise it (ulimit -n 65536, or LimitNOFILE) and run again.',
  );
  process.exit(1);
}
const nginxBinary = PROCESSES > 1 ? findNginx() : undefined;
if (PROCESSES > 1 && !nginxBinary) process.exit(1);

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
const basePort = 3700 + Math.floor(Math.random() * 100);
/** Memory samples: each server's own report each second, and its RSS as the kernel counts it. */
const samples = [];
let phase = 'starting';
const servers = Array.from({ length: PROCESSES }, (_, i) => {
  const port = basePort + i;
  const child = spawnServer({
    port,
    dataDir,
    env: { SEED_DEMO: 'false', ...(PROCESSES > 1 ? { TRUST_PROXY: 'true' } : {}) },
    nodeArgs: ['--import', path.join(root, 'scripts/chat-bench-memory.mjs'), ...NODE_ARGS, ...profileFlags],
    ipc: true,
  });
  child.on('message', (message) => {
    if (!message?.memory) return;
    let vmRss = 0;
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      vmRss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {}
    samples.push({ server: i, phase, at: Date.now(), vmRss, ...message.memory });
  });
  return { child, url: `http://127.0.0.1:${port}` };
});
const nginxPort = basePort + 100;
const nginx =
  PROCESSES > 1
    ? startNginx({
        binary: nginxBinary,
        listen: `127.0.0.1:${nginxPort}`,
        upstreams: servers.map((server) => server.url.replace('http://', '')),
        workers: Math.ceil(SOCKETS / PER_NGINX_WORKER),
        workerConnections: 2 * PER_NGINX_WORKER + 1000,
      })
    : undefined;
const url = nginx ? `http://127.0.0.1:${nginxPort}` : servers[0].url;

const waitFor = () =>
  Promise.all(
    [...servers.map((server) => server.url), url].map((u) => waitForHealth(u, `${u} did not start`)),
  );

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
const peak = (key, phases, server) =>
  Math.max(
    0,
    ...samples
      .filter((s) => (!phases || phases.includes(s.phase)) && (server === undefined || s.server === server))
      .map((s) => s[key]),
  );
const last = (key, phaseName, server = 0) =>
  samples.filter((s) => s.phase === phaseName && s.server === server).at(-1)?.[key] ?? 0;
const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`;

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** Every process's name, parent and processor seconds (user + system) so far, from /proc. */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // After the name: state, ppid, … utime and stime are the 12th and 13th fields.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), {
        name,
        parent: Number(fields[1]),
        seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      });
    } catch {}
  }
  return table;
}
/**
 * Processor seconds so far of each part of the run: each server, the client processes, nginx (its
 * workers), PostgreSQL (every `postgres` process) and this script.
 */
function processorSeconds() {
  const table = processTable();
  const tree = (root) => {
    let total = 0;
    const stack = [root];
    while (stack.length > 0) {
      const pid = stack.pop();
      total += table.get(pid)?.seconds ?? 0;
      for (const [child, row] of table) if (row.parent === pid) stack.push(child);
    }
    return total;
  };
  const parts = servers.map((server, i) => [
    PROCESSES > 1 ? `server ${i + 1}` : 'server',
    table.get(server.child.pid)?.seconds ?? 0,
  ]);
  parts.push(['clients', workers.reduce((sum, worker) => sum + tree(worker.child.pid), 0)]);
  if (nginx) parts.push(['nginx', tree(nginx.child.pid)]);
  let postgres = 0;
  for (const row of table.values()) if (row.name === 'postgres') postgres += row.seconds;
  parts.push(['PostgreSQL', postgres], ['this script', table.get(process.pid)?.seconds ?? 0]);
  return parts;
}

try {
  await waitFor();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const idle = servers.map((_, i) => ({
    rss: last('rss', 'starting', i),
    heap: last('heapUsed', 'starting', i),
  }));
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
  const connectedIdle = servers.map((_, i) => ({
    rss: last('rss', 'connected', i),
    heap: last('heapUsed', 'connected', i),
  }));
  if (PROFILE === 'snapshot') {
    for (const server of servers) server.child.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }

  phase = 'sending';
  const cpuBefore = processorSeconds();
  const sendingFrom = Date.now();
  console.log(`Each sending a message every ${PERIOD_MS / 1000} s for ${SECONDS} s…`);
  const startAt = Date.now() + 1000;
  await all('sent', () => ({ type: 'send', startAt, endAt: startAt + SECONDS * 1000, periodMs: PERIOD_MS }));
  phase = 'draining';
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const cpuAfter = processorSeconds();
  const sendingSeconds = (Date.now() - sendingFrom) / 1000;
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

  const where = PROCESSES > 1 ? `${PROCESSES} processes behind nginx` : 'one process';
  console.log(`\n## Chat at ${sockets} sockets on ${where} (${new Date().toISOString().slice(0, 10)})`);
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
  const sending = ['sending', 'draining'];
  for (const [i] of servers.entries()) {
    const of = PROCESSES > 1 ? ` (process ${i + 1})` : '';
    console.log(`\n| server memory${of} | RSS | heap used |`);
    console.log('|---|---:|---:|');
    console.log(`| started, no sockets | ${mb(idle[i].rss)} | ${mb(idle[i].heap)} |`);
    console.log(`| sockets connected, idle | ${mb(connectedIdle[i].rss)} | ${mb(connectedIdle[i].heap)} |`);
    console.log(
      `| peak while sending (RSS by /proc: ${mb(peak('vmRss', sending, i))}) | ${mb(peak('rss', sending, i))} | ${mb(peak('heapUsed', sending, i))} |`,
    );
    console.log(
      `| peak over the whole run | ${mb(peak('rss', undefined, i))} | ${mb(peak('heapUsed', undefined, i))} |`,
    );
    console.log(
      `Peaks while sending: heap total (reserved by V8) ${mb(peak('heapTotal', sending, i))}, external ${mb(peak('external', sending, i))}, array buffers ${mb(peak('arrayBuffers', sending, i))}.`,
    );
  }
  const coreSeconds = os.cpus().length * sendingSeconds;
  const used = cpuAfter.map(([name, seconds], i) => [name, seconds - cpuBefore[i][1]]);
  const busy = used.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(
    `\nProcessor time while sending and draining (${sendingSeconds.toFixed(0)} s × ${os.cpus().length} cores = ${coreSeconds.toFixed(0)} core-seconds): ${used
      .map(
        ([name, seconds]) =>
          `${name} ${seconds.toFixed(1)} s (${((100 * seconds) / coreSeconds).toFixed(0)} %)`,
      )
      .join(', ')}; anything else or idle ${(coreSeconds - busy).toFixed(1)} s.`,
  );
  console.log(
    `\nGoals: memory under 300 MB — ${peak('rss') < 300 * MB ? 'met' : 'missed'}; p99 under 100 ms — ${p(99) < 100 ? 'met' : 'missed'}; none lost — ${figures.lost === 0 ? 'met' : 'missed'} (disconnects during the run: ${figures.disconnects}).`,
  );
} finally {
  for (const worker of workers) worker.child.send({ type: 'close' });
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.child.once('exit', resolve))));
  await nginx?.stop();
  await Promise.all(servers.map((server) => stopServer(server.child)));
  if (profileFlags.length > 0) console.log(`Profile written to ${profileDir}/`);
  rmSync(dataDir, { recursive: true, force: true });
}
