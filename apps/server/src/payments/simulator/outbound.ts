import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The simulator's calls out (Daraja's callbacks, Paystack's webhooks) and its timers. Timers are
 * cancelled when the app closes, so a stopped server posts nothing afterwards.
 */
export class Outbound {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` after `delayMs` unless the app has closed by then. */
  later(delayMs: number, task: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task().catch((error) => this.log.warn({ err: error }, 'payment simulator: a scheduled call failed'));
    }, delayMs);
    this.timers.add(timer);
  }

  /**
   * POSTs JSON as the provider would, and says whether it was taken (2xx). The address is not logged:
   * the M-Pesa callback address carries a secret.
   */
  async post(
    what: string,
    url: string,
    body: string,
    headers: Record<string, string> = {},
  ): Promise<boolean> {
    if (this.closed) return false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      if (response.ok) return true;
      this.log.warn(`payment simulator: ${what} answered ${response.status}`);
    } catch (error) {
      this.log.warn(`payment simulator: ${what} not delivered (${(error as Error).message})`);
    }
    return false;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random upper-case letters and digits, as in M-Pesa receipt numbers. */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return code;
}

export function randomDigits(length: number): string {
  return Array.from(randomBytes(length), (byte) => String(byte % 10)).join('');
}
