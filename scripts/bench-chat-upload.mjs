// `npm run bench:chat-upload`: the chat-upload figure — a 5 MB phone photo sent in chat from a phone
// on the slow 4G connection Lighthouse simulates, timed until the other side sees it. Builds the app
// (web and server), starts it on a fresh PGlite database, registers a planner with a package and a
// client who books it, then opens two Chromium pages with Playwright: the client's (the sender),
// throttled through CDP's Network.emulateNetworkConditions with Lighthouse's mobileSlow4G figures,
// and the planner's (the receiver), not throttled. Each run picks the photo, waits for its upload,
// presses Send, and stops when the planner's bubble shows the thumbnail loaded.
// A last run without throttling shows the server's own share (receiving 5 MB on the loopback,
// checking and re-encoding the photo, the thumbnail): what is left when the network is not slow.
//   BENCH_RUNS=3 BENCH_SKIP_BUILD=1 npm run bench:chat-upload
// No timing here is an assertion: it prints the figures for docs/quality.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import sharp from 'sharp';
import {
  launchChromium,
  median,
  photoPixels,
  root,
  spawnServer,
  stopServer,
  waitForHealth,
} from './bench/server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PASSWORD = 'bench-password-123';
const TARGET_BYTES = 5 * 1024 * 1024;

// Lighthouse 12's mobile throttling (node_modules/lighthouse/core/config/constants.js →
// throttling.mobileSlow4G): rttMs 150, throughputKbps 1.6 × 1024, uploadThroughputKbps 750 × 0.9.
const SLOW_4G = { rttMs: 150, throughputKbps: 1.6 * 1024, uploadThroughputKbps: 750 * 0.9 };
const kbpsToBytesPerSecond = (kbps) => (kbps * 1024) / 8;

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('Building the app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sherehe-bench-chat-upload-'));
const port = 3700 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const server = spawnServer({
  port,
  dataDir,
  // The demo data brings the categories a package needs.
  env: { PUBLIC_URL: base, SEED_DEMO: 'true', TRUST_PROXY: 'true' },
});

/**
 * A camera-sized JPEG (4000×3000) of about 5 MB: noise over a gradient, which JPEG cannot squeeze,
 * at the quality that lands nearest 5 MB.
 */
async function cameraPhoto() {
  const width = 4000;
  const height = 3000;
  const pixels = photoPixels({
    width,
    height,
    seed: 7,
    noise: 90,
    red: [200, 30],
    green: [160, 40],
    blue: 110,
  });
  const encode = (quality) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let low = 5;
  let high = 95;
  let best = await encode(50);
  while (high - low > 1) {
    const quality = Math.round((low + high) / 2);
    const bytes = await encode(quality);
    if (Math.abs(bytes.length - TARGET_BYTES) < Math.abs(best.length - TARGET_BYTES)) best = bytes;
    if (bytes.length > TARGET_BYTES) high = quality;
    else low = quality;
  }
  return { bytes: best, width, height };
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.78.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** A browser context of its own (cookies, client address) signed up as `role`. */
async function person(browser, role, name) {
  const context = await browser.newContext({
    baseURL: base,
    extraHTTPHeaders: { 'x-forwarded-for': nextAddress() },
    viewport: { width: 412, height: 823 },
  });
  const email = `${role}-${Date.now()}@bench.test`;
  const response = await context.request.post('/api/auth/register', {
    data: { username: name, email, password: PASSWORD, role },
  });
  if (response.status() !== 201) throw new Error(`register ${name}: ${response.status()}`);
  return { context, page: await context.newPage(), name };
}

async function bookedPair(browser, runIndex) {
  const planner = await person(browser, 'planner', `Bench Planner ${runIndex}`);
  const client = await person(browser, 'client', `Bench Client ${runIndex}`);
  const list = await (await planner.context.request.get('/api/category')).json();
  const categoryId = list.categories?.[0]?._id;
  if (!categoryId) throw new Error('no category to put the package in');
  const image = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 194, g: 65, b: 12 } },
  })
    .png()
    .toBuffer();
  const created = await planner.context.request.post('/api/packages/create', {
    multipart: {
      title: `Bench Gala ${runIndex}`,
      description: 'A package for the chat upload benchmark.',
      price: '25000',
      category: categoryId,
      location: 'Nairobi',
      image: { name: 'p.png', mimeType: 'image/png', buffer: image },
    },
  });
  if (created.status() !== 201)
    throw new Error(`create package: ${created.status()} ${await created.text()}`);
  const pkg = (await created.json()).data;
  const year = new Date().getUTCFullYear() + 1;
  const booked = await client.context.request.post('/api/bookings/create', {
    data: { package: pkg._id, planner: pkg.planner._id, date: `${year}-06-${10 + runIndex}T00:00:00.000Z` },
  });
  if (booked.status() !== 201) throw new Error(`book: ${booked.status()} ${await booked.text()}`);
  return { planner, client, pkg };
}

async function openChat(page, pkgTitle, otherName) {
  await page.goto('/dashboard/bookings');
  await page
    .getByRole('article')
    .filter({ hasText: pkgTitle })
    .getByRole('button', { name: /chat/i })
    .click();
  const chat = page.getByRole('region', { name: `Chat with ${otherName}` });
  await chat.getByLabel(/Message to/).waitFor();
  await chat.getByText('Not connected to chat server.').waitFor({ state: 'detached' });
  return chat;
}

async function oneRun(browser, photo, runIndex, { throttled = true } = {}) {
  const { planner, client, pkg } = await bookedPair(browser, runIndex);
  try {
    const receiverChat = await openChat(planner.page, pkg.title, client.name);
    const senderChat = await openChat(client.page, pkg.title, planner.name);
    // The sender's page only: a phone on slow 4G. The receiver is on a good connection.
    if (throttled) {
      const cdp = await client.context.newCDPSession(client.page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_4G.rttMs,
        downloadThroughput: kbpsToBytesPerSecond(SLOW_4G.throughputKbps),
        uploadThroughput: kbpsToBytesPerSecond(SLOW_4G.uploadThroughputKbps),
      });
    }

    const picked = performance.now();
    await senderChat
      .locator('input[type="file"]')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo.bytes });
    await senderChat.getByRole('button', { name: 'Remove: IMG_2041.jpg' }).waitFor({ timeout: 10 * 60_000 });
    const uploaded = performance.now();
    await senderChat.getByRole('button', { name: 'Send' }).click();
    const sent = performance.now();
    const thumbnail = receiverChat.getByRole('img', { name: 'IMG_2041.webp' });
    await thumbnail.waitFor({ timeout: 5 * 60_000 });
    await planner.page.waitForFunction(
      (img) => img.complete && img.naturalWidth > 0,
      await thumbnail.elementHandle(),
      { timeout: 5 * 60_000, polling: 50 },
    );
    const seen = performance.now();
    return { upload: uploaded - picked, sendToSeen: seen - sent, total: seen - picked };
  } finally {
    await planner.context.close();
    await client.context.close();
  }
}

const seconds = (ms) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`);
const range = (values) => `${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`;

let browser;
try {
  await waitForHealth(base);
  const photo = await cameraPhoto();
  console.log(
    `Photo: ${photo.width}×${photo.height} JPEG, ${(photo.bytes.length / 1024 / 1024).toFixed(2)} MB; ` +
      `sender on rtt ${SLOW_4G.rttMs} ms, ${SLOW_4G.throughputKbps} Kbps down, ${SLOW_4G.uploadThroughputKbps} Kbps up; ${RUNS} runs`,
  );
  browser = await launchChromium(chromium);
  const results = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await oneRun(browser, photo, run);
    results.push(result);
    console.log(
      `run ${run + 1}: upload ${seconds(result.upload)}, Send → planner sees the thumbnail ${seconds(result.sendToSeen)}, picked → seen ${seconds(result.total)}`,
    );
  }
  console.log('');
  console.log('| figure | median | range |');
  console.log('|---|---:|---:|');
  for (const [label, key] of [
    ['picking the photo → the other side sees it', 'total'],
    ['the upload (picked → ready to send)', 'upload'],
    ['Send → the other side sees the thumbnail', 'sendToSeen'],
  ]) {
    const values = results.map((r) => r[key]);
    console.log(`| ${label} | ${seconds(median(values))} | ${range(values)} |`);
  }
  const baseline = await oneRun(browser, photo, RUNS, { throttled: false });
  console.log('');
  console.log(
    `Without throttling (the server's share): upload ${seconds(baseline.upload)}, Send → seen ${seconds(baseline.sendToSeen)}, picked → seen ${seconds(baseline.total)}`,
  );
} finally {
  await browser?.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
