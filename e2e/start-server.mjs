// Starts the built server (npm run build first) on a fresh data folder with the demo data, as
// `npm start` would, for the browser tests. The rows no API call can make are added first
// (seed-database.mjs); those that need the demo accounts once the server has seeded them, with the
// server stopped for a moment (PGlite serves one process at a time).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { seedDatabase, seedPayableEarnings } from './seed-database.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3210';
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
rmSync(dataDir, { recursive: true, force: true });
await seedDatabase({ dataDir, migrationsFolder: path.join(root, 'apps/server/drizzle') });

/** A port nobody listens on, for the first start (Playwright waits for the real one). */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return String(free);
}

/** The first start only seeds the demo data: started on another port, stopped once it answers. */
async function seedDemoData() {
  const seedPort = await freePort();
  const first = startServer(seedPort);
  const exited = new Promise((resolve) => first.on('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${seedPort}/api/health`)
      .then((reply) => reply.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not start to seed the demo data');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  first.kill('SIGTERM');
  await exited;
}

await seedDemoData();
await seedPayableEarnings({ dataDir });

const server = startServer(port);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));

function startServer(listenPort) {
  // With the flag `npm start` gives it (docs/operations.md#memory).
  return spawn(process.execPath, ['--max-semi-space-size=16', path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: listenPort,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${listenPort}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // Each browser test sends its own X-Forwarded-For, as clients behind a load balancer would,
      // so per-address rate limits apply per test rather than to the whole suite.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      // As deployed: public reads kept for a few seconds, dropped by every write (decision 010).
      READ_CACHE_SECONDS: '5',
      // As deployed: signed-in sessions kept for a few seconds, dropped when they end (decision 027).
      SESSION_CACHE_SECONDS: '5',
      // As deployed: guests' package pages, profiles and first browse pages stored (decision 023).
      STORED_PAGES: 'true',
      // The payment simulator's "phone" answers within a couple of seconds, not the default three
      // (long enough that a person sees the PIN prompt's message first).
      SIM_CALLBACK_DELAY_MS: '1500',
      // The browser tests pay from a few demo phones, many times a run: the limit of M-Pesa prompts
      // to one phone (3 in 10 minutes) is the API tests' to check (payment-limits.test.ts).
      RATE_MPESA_PROMPTS_PER_PHONE: '1000/10m',
      // The browser tests run at any hour: SMS are not held for the morning (the API tests check
      // quiet hours on fixed moments).
      SMS_QUIET_HOURS: 'off',
    },
  });
}
