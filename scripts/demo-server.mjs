// The app as the measuring scripts run it (npm run lighthouse, npm run slow-3g): built unless
// SKIP_BUILD is set, then started from its build on a fresh data folder with the demo data, on a
// port of its own, until `stop()`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, spawnServer, stopServer, waitForHealth } from './bench/server.mjs';

export { root };

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
  const server = spawnServer({ port, dataDir, env: { SEED_DEMO: 'true', PUBLIC_URL: base } });
  const stop = async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, stop };
}

/**
 * The pages the measuring scripts load, with the id of the demo package among them: home, the
 * catalogue, a package and login, then home, the catalogue and the package in Kiswahili.
 */
export async function measuredPages(base) {
  const { data } = await (await fetch(`${base}/api/packages?page=1&limit=1`)).json();
  const packageId = data[0]._id;
  return {
    packageId,
    pages: [
      '/',
      '/packages',
      `/packages/${packageId}`,
      '/login',
      '/sw',
      '/sw/packages',
      `/sw/packages/${packageId}`,
    ],
  };
}
