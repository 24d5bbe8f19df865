// `npm run bench`: builds the app, starts it on a fresh database with demo data and measures
// the API with autocannon. PGlite by default; set DATABASE_URL to measure a real PostgreSQL
// (the database should be empty: demo data is seeded into it).
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_PACKAGES=10000 BENCH_ONLY='GET /api/health|GET /api/plans' npm run bench
// READ_CACHE_SECONDS=0 measures the public reads without the read cache (docs/decisions/010).
// BENCH_SET=varied measures varied traffic only (scripts/bench/varied.mjs: every request asks for
// something different), each figure against the varied-traffic goal; BENCH_BOOKINGS=1000000 seeds a million
// bookings (seed-bulk.ts). BENCH_NO_BUILD=1 measures the build already there. BENCH_PROFILE=cpu
// writes the server's CPU profile to ./bench-profile/ (open it in Chrome's DevTools).
// Payments go through a stand-in for Daraja (scripts/bench/payment-provider.mjs) whose result and
// callback come BENCH_PIN_MS after each push (default 1000); its callbacks reach the server through a
// small proxy that notes when each arrives, for the time from callback to `paymentUpdated`.
// Last, the SMS send path's queue-to-provider figure (apps/server/scripts/bench-sms.ts; alone:
// `npm run bench:sms`, or BENCH_ONLY='SMS queue to provider').
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startPaymentProvider } from './bench/payment-provider.mjs';
import { measureCallbackToUpdate, paymentScenarios, startCallbackClock } from './bench/payments.mjs';
import { scenarios } from './bench/scenarios.mjs';
import { spawnServer, stopServer, waitForHealth } from './bench/server.mjs';
import { otherGoals, variedScenarios, variedSet } from './bench/varied.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only =
  process.env.BENCH_ONLY?.split('|') ?? (process.env.BENCH_SET === 'varied' ? [...variedSet] : undefined);

if (process.env.BENCH_NO_BUILD !== '1') {
  console.log('Building the web app and the server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-bench-'));
const bulkPackages = Number(process.env.BENCH_PACKAGES ?? 10_000);
if (bulkPackages > 0) {
  console.log(`Seeding ${bulkPackages} packages…`);
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/scripts/seed-bulk.ts'), String(bulkPackages)],
    { cwd: path.join(root, 'apps/server'), stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } },
  );
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
const port = 3900 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;
const pinMs = Number(process.env.BENCH_PIN_MS ?? 1000);
const provider = await startPaymentProvider({ root, callbackDelayMs: pinMs });
// The address the server gives out (PUBLIC_URL), where the provider's callbacks come in.
const clock = await startCallbackClock(port);
const profileArgs =
  process.env.BENCH_PROFILE === 'cpu'
    ? ['--cpu-prof', '--cpu-prof-dir', path.join(root, 'bench-profile')]
    : [];
const server = spawnServer({
  port,
  dataDir,
  env: {
    ...provider.env,
    PUBLIC_URL: clock.url,
    SEED_DEMO: 'true',
    // Every payment of the bench prompts the same phone: the limit that protects one payer's phone
    // (3 prompts in 10 minutes) would refuse all but the first three.
    RATE_MPESA_PROMPTS_PER_PHONE: process.env.RATE_MPESA_PROMPTS_PER_PHONE ?? '1000000/10m',
  },
  nodeArgs: profileArgs,
});

// autocannon takes the path from the URL: a `path` option of its own is ignored (every GET was
// once measured against `/`). A scenario's path is checked once before it is measured.
async function run({ path: pathname, ...options }) {
  if (pathname) {
    const probe = await fetch(`${baseUrl}${pathname}`, { headers: options.headers });
    const type = probe.headers.get('content-type') ?? '';
    if (!probe.ok || (pathname.startsWith('/api/') && !type.includes('application/json')))
      throw new Error(`${pathname} answered ${probe.status} ${type}`);
  }
  const refusals = new Map();
  // Each answer that is not 2xx, counted by its status and error code, with one body of each.
  const onResponse = (status, body) => {
    if (status >= 200 && status < 300) return;
    let code = '';
    try {
      code = JSON.parse(body).code ?? '';
    } catch {}
    const key = `${status} ${code}`.trim();
    const seen = refusals.get(key);
    if (seen) seen.count++;
    else refusals.set(key, { count: 1, body: String(body).slice(0, 300) });
  };
  const requests = (options.requests ?? [{}]).map((request) => ({ ...request, onResponse }));
  const result = await new Promise((resolve, reject) => {
    autocannon(
      { connections, duration, ...options, requests, url: `${baseUrl}${pathname ?? '/'}` },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  for (const [key, { count, body }] of refusals) console.log(`    non-2xx ${key}: ${count}, e.g. ${body}`);
  return result;
}

try {
  await waitForHealth(baseUrl);
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  // Public reads are answered from memory for a few seconds (docs/decisions/010);
  // READ_CACHE_SECONDS=0 measures every read going to the database.
  const readCache = process.env.READ_CACHE_SECONDS ?? '5';
  console.log(
    `\nBenchmark: ${database}, ${connections} connections, ${duration} s each, read cache ${readCache} s, Node ${process.version}\n`,
  );
  // Warm the JIT and the database's caches so the first call measured is not penalised.
  await run({ path: '/api/health', duration: 2 });
  await run({ path: '/api/packages?page=1&limit=6', duration: 2 });
  const context = { baseUrl };
  const rows = [];
  // The writes last: what they leave behind (the booking mails' jobs, run by the server's worker)
  // is not measured with the reads.
  const all = [...scenarios, ...variedScenarios, ...paymentScenarios];
  const writes = all.filter((scenario) => scenario.name.includes('POST '));
  for (const scenario of [...all.filter((scenario) => !writes.includes(scenario)), ...writes]) {
    if (only && !only.includes(scenario.name)) continue;
    const options = scenario.setup ? await scenario.setup(context) : {};
    const result = await run({ ...scenario.request, ...options });
    const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
    rows.push({
      name: scenario.name,
      goal: scenario.goal ?? otherGoals[scenario.name],
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
    });
    console.log(
      `  ${scenario.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${errors} errors`,
    );
  }
  const callbackName = 'M-Pesa callback reaching the server → paymentUpdated in the booking room';
  if (!only || only.includes(callbackName)) {
    const callbacks = await measureCallbackToUpdate({ context, clock, pinMs });
    console.log(
      `  ${callbackName}: ${callbacks.samples} payments, p50 ${callbacks.p50.toFixed(1)} ms, p99 ${callbacks.p99.toFixed(1)} ms, ${callbacks.errors} errors`,
    );
    rows.push({ name: callbackName, rps: undefined, ...callbacks });
  }
  const health = rows.find((row) => row.name === 'GET /api/health');
  console.log('\n| call | req/s | p50 ms | p99 ms | errors | req/s vs health | goal |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    const sequential = row.rps === undefined;
    const ratio = health && !sequential ? (row.rps / health.rps).toFixed(2) : '-';
    const rps = sequential ? `- (${row.samples} one at a time)` : Math.round(row.rps);
    const ms = (value) => (sequential ? value.toFixed(1) : value);
    const goal =
      row.goal && health
        ? `≥ ${row.goal.ratio}, p99 < ${row.goal.p99} ms: ${row.rps / health.rps >= row.goal.ratio && row.p99 < row.goal.p99 ? 'met' : 'not met'}`
        : '';
    console.log(
      `| ${row.name} | ${rps} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.errors} | ${ratio} | ${goal} |`,
    );
  }
} finally {
  await stopServer(server);
  await clock.close();
  await provider.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// The SMS send path: from the commit that queues an SMS to the simulator receiving it
// (apps/server/scripts/bench-sms.ts, a server of its own), in a burst and in a steady trickle.
const smsName = 'SMS queue to provider';
if (!only || only.includes(smsName)) {
  console.log(`\n${smsName}:`);
  for (const gap of ['0', '100']) {
    const sms = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-sms.ts'], {
      cwd: path.join(root, 'apps/server'),
      stdio: 'inherit',
      env: { ...process.env, BENCH_SMS_GAP_MS: gap, BENCH_SMS_MESSAGES: gap === '0' ? '200' : '100' },
    });
    if (sms.status !== 0) process.exitCode = sms.status ?? 1;
  }
}
