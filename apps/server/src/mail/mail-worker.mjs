// Builds and delivers mails off the server's event loop: composing a MIME message with nodemailer
// costs several milliseconds of CPU, which on the main thread slowed every request around it
// (docs/quality.md). Plain JavaScript, so it runs as is from src/ (tests, dev) and from dist/.
// In: { id, message: { to, subject, text, html } }. Out: { id, ok: true, file? } or { id, ok: false, error }.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createTransport } from 'nodemailer';

/** @type {{ smtpUrl?: string, from: string, outboxDir: string }} */
const { smtpUrl, from, outboxDir } = workerData;

// A send that hangs would hold its job past its lease: give up well before (the job is retried).
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

const transport = smtpUrl
  ? createTransport({ url: smtpUrl, ...TIMEOUTS }, { from })
  : createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });

async function deliver(message) {
  const info = await transport.sendMail(message);
  if (smtpUrl) return {};
  await mkdir(outboxDir, { recursive: true });
  const file = path.join(
    outboxDir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
  );
  await writeFile(file, info.message);
  return { file };
}

parentPort?.on('message', ({ id, message }) => {
  deliver(message).then(
    (result) => parentPort?.postMessage({ id, ok: true, ...result }),
    (error) =>
      parentPort?.postMessage({
        id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
