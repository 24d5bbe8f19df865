// Starts the built server (npm run build first) on a fresh data folder with the demo data, as
// `npm start` would, for the browser tests. The rows no API call can make are added first
// (seed-database.mjs).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { seedDatabase } from './seed-database.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3210';
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
rmSync(dataDir, { recursive: true, force: true });
await seedDatabase({ dataDir, migrationsFolder: path.join(root, 'apps/server/drizzle') });

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // Each browser test sends its own X-Forwarded-For, as clients behind a load balancer would,
    // so per-address rate limits apply per test rather than to the whole suite.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // As deployed: public reads kept for a few seconds, dropped by every write (decision 010).
    READ_CACHE_SECONDS: '5',
    // The payment simulator's "phone" answers within a couple of seconds, not the default three
    // (long enough that a person sees the PIN prompt's message first).
    SIM_CALLBACK_DELAY_MS: '1500',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
