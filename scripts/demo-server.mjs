// The app as the measuring scripts run it (npm run lighthouse, npm run slow-3g): built unless
// SKIP_BUILD is set, then started from its build on a fresh data folder with the demo data, on a
// port of its own, until `stop()`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the app unless SKIP_BUILD is set; exits the process if the build fails. */
export function buildUnlessSkipped() {
  if (process.env.SKIP_BUILD) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

/** Starts the built server with the demo data; resolves once it answers `/api/health`. */
export async function startDemoServer({ name, port }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sherehe-${name}-`));
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, dataDir, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not start');
}
