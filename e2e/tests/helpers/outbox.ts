import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config';

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
