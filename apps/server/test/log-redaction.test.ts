import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './db';

/** Secrets travel in some addresses (reset links); the request log must not keep them. */
describe('the request log', () => {
  const lines: string[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: '/tmp/sherehe-log-test' }),
      database,
      logger: { level: 'info', stream },
      jobWorker: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('names the address of every request without its secrets', async () => {
    const secret = 'Zt8kQ1secretResetToken_abc';
    await app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    await app.inject({ method: 'GET', url: `/api/auth/is-auth?page=2&token=${secret}` });
    await app.inject({ method: 'GET', url: `/api/calendar/${secret}.ics` });
    const log = lines.join('');
    expect(log).toContain('/api/auth/is-auth?page=2&token=[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/api/calendar/[redacted].ics');
    expect(log).not.toContain(secret);
  });

  it('hides them however the address is spelt, as long as the router accepts it', async () => {
    const secret = 'Qw7secretFeedAndCallback_xyz';
    const id = '0b9e2c1a-7d4f-4e8a-9c3b-2f1e0d9c8b7a';
    const calls: Array<[string, string]> = [
      ['GET', `/api/calendar/${secret}.ics/`],
      ['GET', `/api/calendar/${secret}.ics/?x=1`],
      ['GET', `/api/%63alendar/${secret}.ics`],
      ['GET', `/api/calendar/${secret}%2Eics`],
      ['POST', `/api/payments/mpesa/callback/${secret}/`],
      ['POST', `/api/payments/mpesa/callback/${secret}/${id}/`],
      ['POST', `/api/payments/mpesa/callback//${secret}`],
      ['POST', `/api/payments/mpesa/%63allback/${secret}`],
      ['POST', `/api/sms/delivery-reports/${secret}`],
      ['POST', `/api/sms/inbound/${secret}/`],
      ['POST', `/api/sms//inbound//${secret}`],
      ['POST', `/api/SMS/%69nbound/${secret}`],
      ['GET', `/reset-password/?token=${secret}`],
      ['GET', `/reset-password?tok%65n=${secret}`],
    ];
    for (const [method, url] of calls)
      await app.inject({
        method: method as 'GET' | 'POST',
        url,
        payload: method === 'POST' ? {} : undefined,
      });
    const log = lines.join('');
    expect(log).toContain('/api/calendar/[redacted].ics');
    expect(log).toContain(`/api/payments/mpesa/callback/[redacted]/${id}`);
    expect(log).toContain('/api/sms/delivery-reports/[redacted]');
    expect(log).toContain('/api/sms/inbound/[redacted]');
    expect(log).not.toContain(secret);
  });

  it("keeps a failed query's SQL but never its values (a chat message's text)", async () => {
    const failed = new DrizzleQueryError(
      'insert into "chat_messages" ("content") values ($1)',
      ['Tukutane kwa siri saa nne'],
      new Error('invalid byte sequence for encoding "UTF8": 0x00'),
    );
    app.log.error({ err: failed, event: 'sendMessage' }, 'socket handler failed');
    app.log.child({ reqId: 'req-1' }).error({ err: failed }, 'request failed');
    app.log.error(failed);
    const log = lines.join('');
    expect(log).toContain('insert into \\"chat_messages\\"');
    expect(log).toContain('params: [not logged]');
    expect(log).toContain('invalid byte sequence');
    expect(log).not.toContain('Tukutane');
  });
});
