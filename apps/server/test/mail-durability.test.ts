import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './db';
import { api, type ServerProcess, spawnServer, useDataDir } from './process';
import { decodeQuotedPrintable, startSmtpServer } from './smtp';

/**
 * No mail is lost: a reset email queued while the SMTP server refuses it survives the server being
 * killed (SIGKILL, no goodbye) and arrives once a restarted server finds the SMTP server back.
 */
describe('mail survives a killed server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const dataDir = useDataDir('sherehe-mail-');
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = {
      DATA_DIR: dataDir(),
      SEED_DEMO: 'false',
      SMTP_URL: smtp.url,
      // Retries come quickly, so the test sees the SMTP server refuse before the kill.
      JOBS_RETRY_BASE_MS: '200',
      JOBS_RETRY_MAX_MS: '500',
      // The kill may come in the middle of a try: that job is taken again once its lease is over.
      // Long enough that a slow try of the restarted server (a busy machine) is not taken a second
      // time while it runs: each try makes a new link, and a second one would void the first.
      JOBS_LEASE_MS: '5000',
    };
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
    }
  }, 60_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.close();
    await smtp.close();
  });

  const post = (url: string, pathname: string, body: unknown) => api(url, pathname, { method: 'POST', body });

  it('delivers a reset link queued before a SIGKILL once the restarted server reaches SMTP', async () => {
    smtp.refuse(true);
    server = await spawnServer(env);
    const email = `kill-me-${Date.now()}@example.test`;
    const registered = await post(server.url, '/api/auth/register', {
      username: 'Killed Server',
      email,
      password: 'first-password',
      role: 'client',
    });
    expect(registered.status).toBe(201);
    expect((await post(server.url, '/api/auth/request-password-reset', { email })).status).toBe(200);
    await smtp.waitForRefusals(2);
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(0);

    await server.stop('SIGKILL');
    smtp.refuse(false);
    server = await spawnServer(env);

    const mail = await smtp.waitFor(email, /Reset your Sherehe password/);
    const token = decodeURIComponent(
      decodeQuotedPrintable(mail.raw).match(/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1] ?? '',
    );
    expect(token).not.toBe('');
    const reset = await post(server.url, '/api/auth/reset-password', {
      token,
      newPassword: 'second-password',
    });
    expect(reset.status).toBe(200);
    expect((await post(server.url, '/api/auth/login', { email, password: 'second-password' })).status).toBe(
      200,
    );
  }, 90_000);
});
