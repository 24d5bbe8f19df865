// `npm run bench:uploads`: builds the server, starts it on a fresh PGlite database and measures
// how long a login takes while 16 image uploads (about 128 KB each) run at once, against a login
// on an idle server. Image encoding (sharp) and password hashing (argon2) share libuv's thread
// pool, so this is the figure that shows whether uploads can starve sign-ins.
//   BENCH_ROUNDS=7 BENCH_UPLOADS=16 BENCH_SKIP_BUILD=1 npm run bench:uploads
// Extra settings for the server can be passed in the environment (e.g. IMAGE_ENCODES_AT_ONCE=4).
// BENCH_SERVER=path/to/dist/main.js measures another build (an older commit's, for a comparison).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildServer, median, photoPixels, spawnServer, stopServer, waitForHealth } from './bench/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 16);
const PASSWORD = 'bench-password-123';

if (!process.env.BENCH_SKIP_BUILD && !process.env.BENCH_SERVER) buildServer();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-bench-uploads-'));
const port = 3600 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const server = spawnServer({
  port,
  dataDir,
  ...(process.env.BENCH_SERVER ? { entry: path.resolve(process.env.BENCH_SERVER) } : {}),
  // Every simulated person sends their own X-Forwarded-For, so per-address limits stay out of it.
  env: { PUBLIC_URL: base, SEED_DEMO: 'false', TRUST_PROXY: 'true' },
});

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

async function post(url, body, headers = {}) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    body: JSON.stringify(body),
  });
}

async function register(name) {
  const email = `${name}-${Date.now()}@bench.test`;
  const response = await post('/api/auth/register', {
    username: name,
    email,
    password: PASSWORD,
    role: 'client',
  });
  if (response.status !== 201)
    throw new Error(`register ${name}: ${response.status} ${await response.text()}`);
  return { email, token: (await response.json()).token };
}

/** A photo-like JPEG of about 128 KB: smooth colour with noise, as a phone picture has. */
async function photo() {
  const width = 1024;
  const height = 768;
  const pixels = photoPixels({
    width,
    height,
    seed: 42,
    noise: 40,
    red: [220, 0],
    green: [180, 0],
    blue: 120,
  });
  let quality = 80;
  for (;;) {
    const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (bytes.length <= 136 * 1024 || quality <= 20) return { bytes, width, height };
    quality -= 5;
  }
}

async function upload(user, image) {
  const form = new FormData();
  form.append('image', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${base}/api/user/profile-picture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': nextAddress() },
    body: form,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** A request that needs neither the thread pool nor the database: the event loop's own delay. */
async function timedHealth() {
  const started = performance.now();
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  return performance.now() - started;
}

async function timedLogin(user) {
  const started = performance.now();
  const response = await post('/api/auth/login', { email: user.email, password: PASSWORD });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return ms;
}

const fmt = (ms) => `${ms.toFixed(0)} ms`;

try {
  await waitForHealth(base);
  const image = await photo();
  console.log(
    `Image: ${image.width}×${image.height} JPEG, ${(image.bytes.length / 1024).toFixed(0)} KB; ${UPLOADS} uploads at once, ${ROUNDS} rounds`,
  );
  // One uploader per upload (no per-user upload limit is reached), one account per login.
  const uploaders = [];
  for (let i = 0; i < UPLOADS; i++) uploaders.push(await register(`uploader${i}`));
  const loginUsers = [];
  for (let i = 0; i < ROUNDS * 2 + 1; i++) loginUsers.push(await register(`login${i}`));

  await timedLogin(loginUsers.pop()); // warm-up
  const idle = [];
  for (let round = 0; round < ROUNDS; round++) {
    idle.push(await timedLogin(loginUsers.pop()));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const loaded = [];
  const uploadTimes = [];
  const healthTimes = [];
  const statuses = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    const uploads = uploaders.map((user) => upload(user, image.bytes));
    // The uploads' bytes are on their way and their work queued when the login arrives.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const [login, health] = await Promise.all([timedLogin(loginUsers.pop()), timedHealth()]);
    loaded.push(login);
    healthTimes.push(health);
    for (const result of await Promise.all(uploads)) {
      uploadTimes.push(result.ms);
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  console.log('');
  console.log('| login | median | max |');
  console.log('|---|---|---|');
  console.log(`| idle server | ${fmt(median(idle))} | ${fmt(Math.max(...idle))} |`);
  console.log(`| during ${UPLOADS} uploads | ${fmt(median(loaded))} | ${fmt(Math.max(...loaded))} |`);
  console.log('');
  console.log(
    `Uploads: median ${fmt(median(uploadTimes))}, max ${fmt(Math.max(...uploadTimes))}; statuses ${[
      ...statuses,
    ]
      .map(([status, n]) => `${status}×${n}`)
      .join(', ')}`,
  );
  console.log(
    `GET /api/health during uploads: median ${fmt(median(healthTimes))}, max ${fmt(Math.max(...healthTimes))}`,
  );
  console.log(`Logins during uploads, each: ${loaded.map((ms) => ms.toFixed(0)).join(', ')} ms`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
