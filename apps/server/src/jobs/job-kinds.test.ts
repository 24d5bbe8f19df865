// Every kind of job is registered in one place (job-kinds.ts), once per app, whatever the payment
// mode: a job added by any path finds its handler, and no route plugin registers kinds of its own.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/build-app';

/** Written out by hand, so the test does not trust the list it checks. */
const EXPECTED_KINDS = [
  'attachment-expire',
  'backup',
  'booking-reminder',
  'chat-unread-sms',
  'mail',
  'password-reset',
  'payment-receipt-mail',
  'payment-reconcile',
  'plan-expiry',
  'plan-reminder',
  'quote-expiry',
  'refund',
  'refund-status',
  'render-ahead',
  'render-fill',
  'review-ask',
  'sms-delivery-report',
  'sms-send',
];

const SRC = path.resolve(import.meta.dirname, '..');

/** The server's source files, tests left out. */
async function sourceFiles(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(SRC, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => ({ file: path.relative(SRC, file), text: await readFile(file, 'utf8') })),
  );
}

let t: TestContext;
let off: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  off = await createTestApp({ PAYMENTS_MODE: 'off' });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

describe('job kinds', () => {
  it('the app registers every kind, each once, with payments on and off alike', () => {
    expect([...t.app.jobs.kinds()].sort()).toEqual(EXPECTED_KINDS);
    expect([...off.app.jobs.kinds()].sort()).toEqual(EXPECTED_KINDS);
  });

  it('every kind named in the code has a handler', async () => {
    const named = new Set<string>();
    for (const { text } of await sourceFiles())
      for (const match of text.matchAll(/\bconst \w+_JOB = '([^']+)'/g)) named.add(match[1] as string);
    expect(named.size).toBeGreaterThan(0);
    expect([...named].sort()).toEqual(EXPECTED_KINDS);
  });

  it('kinds are registered in job-kinds.ts only', async () => {
    const registering = (await sourceFiles())
      .filter(({ text }) => /\b(jobs|queue)\.register\s*[<(]/.test(text))
      .map(({ file }) => file);
    expect(registering).toEqual([path.join('jobs', 'job-kinds.ts')]);
  });
});
