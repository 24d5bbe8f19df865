import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs, useStarted, useTestApp } from '../../../test/build-app';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import { passwordResetTokens, sessions, users } from '../../db/schema';

let address = 0;

const smtp = useStarted(startSmtpServer);
const t = useTestApp(() => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Sherehe <no-reply@sherehe.test>',
  // Small limits, so the tests below reach them in a few calls.
  RATE_RESET_REQUEST_PER_ADDRESS: '5/15m',
  RATE_TEST_EMAIL_PER_ADDRESS: '5/1h',
  RATE_TEST_EMAIL_PER_RECIPIENT: '3/1h',
}));

/** Each call from its own address so the per-address limits only bite where a test wants. */
function post(url: string, payload: Record<string, unknown>, remoteAddress = `10.20.0.${++address}`) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

function linkIn(raw: string): string {
  const text = decodeQuotedPrintable(raw);
  const match = text.match(/http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

async function login(email: string, password: string) {
  return post('/api/auth/login', { email, password });
}

describe('password reset by email', () => {
  it('mails a link that sets a new password once, ending every old session', async () => {
    const user = await createUser(t.database.db, { username: 'Reset Me' });
    const requested = await post('/api/auth/request-password-reset', { email: user.email.toUpperCase() });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({
      success: true,
      message: 'If an account exists for that email, a link to reset its password is on its way.',
    });
    const mail = await smtp.waitFor(user.email, /Reset your Sherehe password/);
    expect(mail.from).toBe('no-reply@sherehe.test');
    const token = linkIn(mail.raw);
    // Only its hash is stored.
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a-brand-new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      success: true,
      message: 'Your password has been reset. You can now log in.',
    });

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'a-brand-new-password')).statusCode).toBe(200);
    const old = await injectAs(t, user, 'GET', '/api/user/data');
    expect(old.statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired. Please ask for a new one.');
    expect((await login(user.email, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await post('/api/auth/request-password-reset', { email: 'nobody-here@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'If an account exists for that email, a link to reset its password is on its way.',
    });
    await t.app.jobs.drain();
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an expired token and a made-up one, changing nothing', async () => {
    const user = await createUser(t.database.db);
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = linkIn((await smtp.waitFor(user.email)).raw);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    for (const candidate of [token, 'x'.repeat(43)]) {
      const response = await post('/api/auth/reset-password', {
        token: candidate,
        newPassword: 'another-password',
      });
      expect(response.statusCode).toBe(400);
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live).toHaveLength(1);
  });

  it('wants a new password of at least 8 characters', async () => {
    const response = await post('/api/auth/reset-password', { token: 'y'.repeat(43), newPassword: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 8 characters long.');
  });

  it('escapes what users typed in the mail it sends', async () => {
    const user = await createUser(t.database.db, { username: '<script>alert("x")</script> Hacker' });
    await post('/api/auth/request-password-reset', { email: user.email });
    const raw = (await smtp.waitFor(user.email)).raw;
    const html = decodeQuotedPrintable(raw.slice(raw.indexOf('Content-Type: text/html')));
    expect(html).toContain('<p style=');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Hacker');
  });

  it('limits reset requests per address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post('/api/auth/request-password-reset', { email: `x${i}@example.test` }, '10.30.0.1'))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('test email', () => {
  it('sends the fixed message and says so', async () => {
    const response = await post('/api/auth/test-email', { email: 'inbox@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Test email sent successfully! Check your inbox.',
    });
    const mail = await smtp.waitFor('inbox@example.test', /Sherehe test email/);
    expect(decodeQuotedPrintable(mail.raw)).toContain('If you can read it, email delivery works.');
  });

  it('limits sends per address and per sender', async () => {
    const perAddress = [];
    for (let i = 0; i < 4; i++)
      perAddress.push((await post('/api/auth/test-email', { email: 'flooded@example.test' })).statusCode);
    expect(perAddress).toEqual([200, 200, 200, 429]);
    const perSender = [];
    for (let i = 0; i < 6; i++) {
      perSender.push(
        (await post('/api/auth/test-email', { email: `s${i}@example.test` }, '10.40.0.1')).statusCode,
      );
    }
    expect(perSender).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses a malformed address', async () => {
    expect((await post('/api/auth/test-email', { email: 'not-an-address' })).statusCode).toBe(400);
  });
});

describe('when the mail server is down', () => {
  const down = useTestApp(() => ({ SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' }));

  it('reports the test email failure, but a reset request still answers normally', async () => {
    const test = await down.app.inject({
      method: 'POST',
      url: '/api/auth/test-email',
      payload: { email: 'a@example.test' },
    });
    expect(test.statusCode).toBe(502);
    expect(test.json()).toMatchObject({
      success: false,
      code: 'MAIL_FAILED',
      message: 'The mail server did not accept the message. Please try again later.',
    });
    const user = await createUser(down.database.db);
    const reset = await down.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email },
    });
    expect(reset.statusCode).toBe(200);
  });
});
