// The server as the measuring scripts run it: built, seeded, started from its build on a port and a
// data folder of the script's, and waited for until it answers /api/health.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the server (`npm run build -w @sherehe/server`); exits the process if the build fails. */
export function buildServer() {
  console.log('Building the server…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sherehe/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Seeds `dataDir` with apps/server/scripts/seed-bulk.ts (`count` packages); exits if it fails. */
export function seedBulk(dataDir, count) {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-bulk.ts', String(count)], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  if (seeded.status !== 0) process.exit(1);
}

/**
 * Starts the built server (or `entry`) in production mode on 127.0.0.1:`port` with `dataDir`, its
 * logs at warn; `env` adds to the environment (SEED_DEMO, PUBLIC_URL, TRUST_PROXY, …), `nodeArgs`
 * go before the entry, and `ipc` opens an IPC channel to it.
 */
/**
 * The flags `npm start` gives the server's node (package.json): a young generation of 16 MB
 * semi-spaces, not the one Node.js 24 sizes from the machine's memory (docs/operations.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

export function spawnServer({
  port,
  dataDir,
  env = {},
  nodeArgs = [],
  entry = path.join(root, 'apps/server/dist/main.js'),
  ipc = false,
}) {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      // The fill of stored pages (docs/decisions/023) would take the processor from what is
      // measured, walking the whole catalogue; the stored-pages scenarios store their pages first.
      STORED_PAGES_FILL: process.env.STORED_PAGES_FILL ?? 'false',
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', ...(ipc ? ['ipc'] : [])],
  });
}

/** Resolves once `base` answers /api/health (a minute at most); else throws `failure`. */
export async function waitForHealth(base, failure = 'server did not start') {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(failure);
}

/** Stops a server started by `spawnServer` and waits until it has exited. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The middle of `values` (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Debian's Chromium (or CHROMIUM_PATH), headless, as the browser-driving scripts launch it. */
export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/**
 * Raw RGB pixels like a phone photo's, which JPEG cannot squeeze much: red rising across by
 * `red[0]` from `red[1]`, green rising down by `green[0]` from `green[1]`, blue flat at `blue`, each
 * under noise of `noise` from a generator seeded with `seed` (the same bytes every run).
 */
export function photoPixels({ width, height, seed, noise, red, green, blue }) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = (random() - 0.5) * noise;
      pixels[i] = Math.max(0, Math.min(255, (x / width) * red[0] + red[1] + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y / height) * green[0] + green[1] + n));
      pixels[i + 2] = Math.max(0, Math.min(255, blue + n));
    }
  }
  return pixels;
}
