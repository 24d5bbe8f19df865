// The SMS send path's figure (`npm run bench:sms`, also run by `npm run bench`): the time from the
// commit that queues an SMS (`queueSms`) to the simulator receiving it, for N messages queued one
// transaction each, as fast as they commit (BENCH_SMS_GAP_MS apart: a steady trickle instead). PGlite in a fresh folder by default; DATABASE_URL for an
// empty PostgreSQL. The simulator is the one the server mounts, on the same process and clock.
//   BENCH_SMS_MESSAGES=500 JOBS_CONCURRENCY=4 node --import tsx scripts/bench-sms.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queueSms } from '../src/modules/sms';

const count = Number(process.env.BENCH_SMS_MESSAGES ?? 500);
const gapMs = Number(process.env.BENCH_SMS_GAP_MS ?? 0);

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-bench-sms-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'error',
  SEED_DEMO: 'false',
  SMS_MODE: 'simulator',
  SMS_QUIET_HOURS: 'off',
  STORED_PAGES: 'false',
  SIM_CALLBACK_DELAY_MS: process.env.SIM_CALLBACK_DELAY_MS ?? '1000',
});
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({ config, database });
await app.listen({ port, host: '127.0.0.1' });

const stamp = String(Date.now() % 10_000).padStart(4, '0');
const numbers = Array.from({ length: count }, (_, i) => `2547${stamp}${String(i + 2000).padStart(4, '0')}`);
const committed = new Map<string, number>();
const started = performance.now();
for (const to of numbers) {
  await database.db.transaction((tx) =>
    queueSms(tx, app.jobs, { to, message: `Bench ${to}`, kind: 'bench', subjectKey: 'bench' }),
  );
  committed.set(to, Date.now());
  app.jobs.wake();
  if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
}
const queuedMs = performance.now() - started;

type Outbox = { messages: { to: string; at: string }[] };
let received: Outbox['messages'] = [];
const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  received = ((await (await fetch(`${config.publicUrl}/__sim/sms/outbox`)).json()) as Outbox).messages;
  if (received.length >= count) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const latencies = received
  .filter((message) => committed.has(message.to))
  .map((message) => Date.parse(message.at) - committed.get(message.to)!)
  .sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN;
const totalMs = performance.now() - started;
console.log(
  `SMS queue to provider: ${latencies.length}/${count} received (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${config.jobs.concurrency} jobs at once, ${gapMs} ms apart); ` +
    `queued in ${Math.round(queuedMs)} ms, all received after ${Math.round(totalMs)} ms (${Math.round((count * 1000) / totalMs)}/s); ` +
    `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)} ms`,
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (latencies.length < count) process.exit(1);
