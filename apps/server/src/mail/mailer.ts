import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends and resolves when the message is accepted (or written); rejects when it fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background, after the caller's response: a failure is logged, never thrown
   * (DESIGN.md §2: a mail that fails does not fail the request that caused it).
   */
  sendLater(message: MailMessage): void;
  /** Resolves once every background send has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in DATA_DIR/outbox and
 * its subject and links are logged, so password reset works on a laptop.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  const pending = new Set<Promise<void>>();

  let deliver: (message: MailMessage) => Promise<void>;
  let closeTransport: () => void = () => {};
  if (smtpUrl) {
    const transport = createTransport(smtpUrl, { from });
    deliver = async (message) => {
      await transport.sendMail(message);
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    };
    closeTransport = () => transport.close();
  } else {
    const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
    deliver = async (message) => {
      const info = await transport.sendMail(message);
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(URL_PATTERN) ?? [];
      log.info(
        { to: message.to, subject: message.subject, links, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    };
  }

  return {
    send: (message) => deliver(message),
    sendLater(message) {
      const sending = deliver(message)
        .catch((error: unknown) => {
          log.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      closeTransport();
    },
  };
}
