import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config';
import seededJobs from './seeded-jobs.json' with { type: 'json' };

export const DEMO_PASSWORD = 'sherehe-demo';
export const DEMO = {
  admin: 'admin@sherehe.demo',
  planner: 'wanjiru@sherehe.demo',
  planner2: 'otieno@sherehe.demo',
  client: 'grace@sherehe.demo',
  client2: 'brian@sherehe.demo',
  client3: 'faith@sherehe.demo',
  /** On the Free plan (3 packages) with 5 packages already: creating one hits the plan limit. */
  plannerFree: 'amina@sherehe.demo',
} as const;

/**
 * The jobs that failed for good, which seed-database.mjs wrote into the server's database before it
 * started: `toRetry` is for the test that retries it, `toRead` stays failed for tests that only look.
 */
export const SEEDED_JOBS = seededJobs;

/** The one-line summary the API gives a mail job: its subject and recipient. */
export function mailJobSummary(job: { payload: { to: string; subject: string } }): string {
  return `${job.payload.subject}, to ${job.payload.to}`;
}

let counter = 0;
/** A unique email for accounts a test creates. */
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

function randomAddress() {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * After loading a page the server rendered, wait until the app has taken it over (html[data-hydrated],
 * docs/decisions/009), as a person waits for a page to respond: before that its buttons do nothing
 * yet. Pages the browser renders itself are used as before.
 */
export function waitsForApp(page: Page): Page {
  const untilReady = async () => {
    await page.locator('html[data-hydrated], html:not(:has(#ssr-state))').waitFor({ state: 'attached' });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilReady();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await untilReady();
    return response;
  };
  return page;
}

export const test = base.extend<{
  /** Logs the page's context in through the API (the session cookie lands in the browser). */
  loginAs: (email: string, password?: string) => Promise<void>;
  /** Registers a new account through the API and logs the page's context in. */
  registerAs: (role: 'client' | 'planner', name?: string) => Promise<{ email: string; name: string }>;
}>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitsForApp(page));
  },
  // Every test is its own client address (see e2e/start-server.mjs).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomAddress() });
  },
  loginAs: async ({ page }, use) => {
    await use(async (email, password = DEMO_PASSWORD) => {
      const response = await page.request.post('/api/auth/login', { data: { email, password } });
      expect(response.status(), `login as ${email}`).toBe(200);
    });
  },
  registerAs: async ({ page }, use) => {
    await use(async (role, name = `E2E ${role} ${uniqueSuffix()}`) => {
      const email = uniqueEmail(role);
      const response = await page.request.post('/api/auth/register', {
        data: { username: name, email, password: 'e2e-password', role },
      });
      expect(response.status(), `register ${email}`).toBe(201);
      return { email, name };
    });
  },
});

export { expect };

/** Fails on serious or critical accessibility violations, naming them. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of one colour (RGB), made in memory, for upload tests. */
export function makePng(width = 64, height = 48, rgb: [number, number, number] = [194, 65, 12]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A file for `setInputFiles`. */
export function pngFile(name = 'photo.png', rgb?: [number, number, number]) {
  return { name, mimeType: 'image/png', buffer: makePng(64, 48, rgb) };
}

/** A short random suffix that keeps names made by parallel tests apart. */
export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** Undoes quoted-printable: soft line breaks (`=` at a line's end) and `=XX` bytes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The mails the browser-test server wrote to `<E2E_DATA_DIR>/outbox` (it runs without SMTP) whose
 * To header names `address`, newest first, decoded.
 */
export async function outboxMailsTo(address: string): Promise<string[]> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  // File names start with the time they were written, so the name order is the time order.
  const newestFirst = files
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse();
  const mails: string[] = [];
  for (const file of newestFirst) {
    const text = decodeQuotedPrintable(await readFile(path.join(dir, file), 'utf8'));
    const to = /^To:(.*)$/im.exec(text)?.[1] ?? '';
    if (to.toLowerCase().includes(address.toLowerCase())) mails.push(text);
  }
  return mails;
}

/** Waits for a mail to `address` and returns the newest link in it to `pathname` (e.g. '/reset-password'). */
export async function waitForMailedLink(
  address: string,
  pathname: string,
  timeoutMs = 10_000,
): Promise<string> {
  const pattern = new RegExp(
    `https?://[^\\s"'<>]+${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]*`,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of await outboxMailsTo(address)) {
      const link = pattern.exec(mail)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with a link to ${pathname}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
