import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Delivers one message. Only the mail job (mail-jobs.ts) calls it: everything else queues its mail,
 * so a failure is tried again later instead of being lost.
 */
export interface Mailer {
  /** Sends and resolves when the message is accepted (or written); rejects when it fails. */
  send(message: MailMessage): Promise<void>;
  /** Waits for the sends in flight, then stops the worker thread. */
  close(): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** Next to this file in src/ (tests, dev) and next to main.js in dist/ (build.mjs copies it). */
const WORKER_FILE = new URL('./mail-worker.mjs', import.meta.url);

type WorkerReply = { id: number; ok: true; file?: string } | { id: number; ok: false; error: string };

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in DATA_DIR/outbox and
 * its subject and links are logged, so password reset works on a laptop. Messages are composed and
 * delivered by a worker thread (mail-worker.mjs), started with the first mail, so the CPU that
 * building a MIME message costs does not hold up the requests served meanwhile.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  const pending = new Set<Promise<void>>();
  const waiting = new Map<
    number,
    { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }
  >();
  let worker: Worker | undefined;
  let nextId = 0;

  function failAll(error: Error) {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = undefined;
  }

  function startWorker(): Worker {
    const started = new Worker(WORKER_FILE, { workerData: { smtpUrl, from, outboxDir } });
    started.on('message', (reply: WorkerReply) => {
      waiting.get(reply.id)?.resolve(reply);
      waiting.delete(reply.id);
    });
    started.on('error', (error) => {
      log.error({ err: error }, 'the mail worker failed');
      if (worker === started) failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) failAll(new Error(`the mail worker stopped (exit code ${code})`));
    });
    // Open mails keep their promises; the server's shutdown waits for them (close()).
    started.unref();
    return started;
  }

  async function deliver(message: MailMessage): Promise<void> {
    worker ??= startWorker();
    const id = ++nextId;
    const target = worker;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      target.postMessage({ id, message });
    });
    if (!reply.ok) throw new Error(reply.error);
    if (reply.file) {
      const links = message.text.match(URL_PATTERN) ?? [];
      log.info(
        { to: message.to, subject: message.subject, links, file: reply.file },
        'mail written to the outbox (no SMTP_URL)',
      );
    } else {
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    }
  }

  return {
    send(message) {
      const sending = deliver(message).finally(() => pending.delete(sending));
      pending.add(sending);
      return sending;
    },
    async close() {
      await Promise.allSettled([...pending]);
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
