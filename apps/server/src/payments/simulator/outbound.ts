import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The simulators' calls out (Daraja's callbacks, Paystack's webhooks, Africa's Talking's delivery
 * reports) and their timers. Timers are
 * cancelled when the app closes, so a stopped server posts nothing afterwards.
 */
export class Outbound {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    /** Who is calling, in the log's warnings. */
    private readonly name = 'payment simulator',
  ) {}

  /** Runs `task` after `delayMs` unless the app has closed by then. */
  later(delayMs: number, task: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task().catch((error) => this.log.warn({ err: error }, `${this.name}: a scheduled call failed`));
    }, delayMs);
    this.timers.add(timer);
  }

  /**
   * POSTs JSON (or what `headers` says) as the provider would, and says whether it was taken (2xx). The address is not logged:
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
      this.log.warn(`${this.name}: ${what} answered ${response.status}`);
    } catch (error) {
      this.log.warn(`${this.name}: ${what} not delivered (${(error as Error).message})`);
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
