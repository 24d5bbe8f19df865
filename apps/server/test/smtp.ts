import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

/** A real SMTP server in the test process: nodemailer has a real SMTP conversation with it. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  /** While true, every message is refused with a temporary error, as a server in trouble does. */
  let refusing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      refused += 1;
      for (const wake of waiters.splice(0)) wake();
      const error = Object.assign(new Error('Service unavailable, try again later'), { responseCode: 421 });
      callback(error);
    },
    // docs/stack.md (smtp-server has an expired certificate): the built-in certificate has expired, so no STARTTLS.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = decodeSubject(raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    /** Refuse (temporarily) or accept every message from now on. */
    refuse(value: boolean) {
      refusing = value;
    },
    /** How many messages were refused so far. */
    get refused() {
      return refused;
    },
    /** Waits (up to `ms`) until at least `count` messages were refused. */
    async waitForRefusals(count: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (refused < count) {
        if (Date.now() > deadline) throw new Error(`only ${refused} of ${count} refusals within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** Waits (up to 10 s) for a message to this address whose subject matches. */
    async waitFor(to: string, subject: RegExp = /.*/): Promise<ReceivedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no mail to ${to} matching ${subject} (got ${received.map((m) => `${m.to} ${m.subject}`).join('; ')})`,
          );
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header. */
function decodeSubject(value: string): string {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) => {
      if (encoding.toLowerCase() === 'b') return Buffer.from(text, 'base64').toString('utf8');
      return Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    })
    .trim();
}

/** The decoded text of a quoted-printable mail body part. */
export function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
