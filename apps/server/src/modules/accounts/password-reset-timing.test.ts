import { describe, expect, it } from 'vitest';
import { useStarted, useTestApp } from '../../../test/build-app';
import { createUser } from '../../../test/factories';
import { startSmtpServer } from '../../../test/smtp';

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

let address = 0;
async function timeRequest(email: string): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress: `10.30.${Math.floor(++address / 250)}.${address % 250}`,
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  expect(response.statusCode).toBe(200);
  return elapsed;
}

/**
 * The probability that a request for a registered address takes longer than one for an unknown
 * address (Vargha and Delaney's A). 0.5 when the two cannot be told apart; 1 when every known one
 * is slower, as it was when the request looked the address up and wrote a token before answering.
 */
function probabilityKnownSlower(known: number[], unknown: number[]): number {
  let wins = 0;
  for (const k of known) for (const u of unknown) wins += k > u ? 1 : k === u ? 0.5 : 0;
  return wins / (known.length * unknown.length);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('the password-reset request does not reveal who has an account', () => {
  it('takes the same time for a registered and an unknown address', async () => {
    // Only the request is measured: the queued work runs afterwards, as another process would.
    await t.app.jobs.stop();
    const rounds = 50;
    const users = await Promise.all(Array.from({ length: rounds + 10 }, () => createUser(t.database.db)));
    const unknown = Array.from({ length: rounds + 10 }, (_, i) => `nobody-${i}-${Date.now()}@example.test`);
    // Warm-up: the first calls of a route pay for compiling it.
    for (let i = 0; i < 10; i += 1) {
      await timeRequest(users[i]!.email);
      await timeRequest(unknown[i]!);
    }
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 10; i < rounds + 10; i += 1) {
      // Interleaved, in alternating order, so drift in the machine's load hits both alike.
      if (i % 2 === 0) {
        knownTimes.push(await timeRequest(users[i]!.email));
        unknownTimes.push(await timeRequest(unknown[i]!));
      } else {
        unknownTimes.push(await timeRequest(unknown[i]!));
        knownTimes.push(await timeRequest(users[i]!.email));
      }
    }
    const a = probabilityKnownSlower(knownTimes, unknownTimes);
    const summary = `A=${a.toFixed(2)}, median known ${median(knownTimes).toFixed(2)} ms, unknown ${median(unknownTimes).toFixed(2)} ms`;
    // With 50 of each, two samples of one distribution give A within 0.25-0.75 but about once in
    // ten thousand runs.
    expect(a, summary).toBeGreaterThan(0.25);
    expect(a, summary).toBeLessThan(0.75);

    // The queued work then mails the registered addresses, and only them.
    t.app.jobs.start();
    await t.app.jobs.drain();
    await smtp.waitFor(users[rounds + 9]!.email, /Reset your Sherehe password/);
    const sentTo = new Set(smtp.received.flatMap((mail) => mail.to));
    expect(users.every((user) => sentTo.has(user.email))).toBe(true);
    expect(unknown.some((email) => sentTo.has(email))).toBe(false);
  }, 60_000);
});
