import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, expectNoSecrets } from '../../../test/assertions';
import { injectAs, useTestApp } from '../../../test/build-app';
import { createUser, sessionCookie, TEST_PASSWORD } from '../../../test/factories';
import { sessions, users } from '../../db/schema';

// Small limits, so the rate-limit tests below reach them in a few calls.
const t = useTestApp(() => ({
  RATE_LOGIN_PER_ADDRESS_ACCOUNT: '10/15m',
  RATE_REGISTER_PER_ADDRESS: '5/15m',
}));
beforeAll(async () => {});

let counter = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `Wanjiku Kamau ${counter}`,
    email: `wanjiku${counter}@example.test`,
    password: 'a-long-password',
    role: 'client',
    ...overrides,
  };
}

async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Each call from its own address, so the registration rate limit only bites where a test wants it. */
function freshAddress() {
  return `10.9.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
}

function register(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: freshAddress(),
  });
}

describe('POST /api/auth/register', () => {
  it('creates a client, starts a session and answers with token and user, never a hash', async () => {
    const account = newAccount({ email: 'Mixed.Case@Example.test' });
    const response = await register(account);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      token: expect.any(String),
      user: {
        username: account.username,
        email: 'mixed.case@example.test',
        role: 'client',
        plan: { _id: 'free', name: 'Free' },
      },
    });
    expect(body.user._id).toBe(body.user.id);
    expectNoSecrets(response.body);

    const cookie = response.cookies.find((c) => c.name === 'sherehe_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toBe(body.token);

    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'mixed.case@example.test'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(account.password);
    // Only the SHA-256 of the token is stored.
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'));
  });

  it('lets a planner sign up', async () => {
    const response = await register(newAccount({ role: 'planner' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('planner');
  });

  it('refuses a self-registered admin and writes nothing', async () => {
    const before = await userCount();
    const response = await register(newAccount({ role: 'admin' }));
    expect(response.statusCode).toBe(400);
    expectErrorEnvelope(response.json(), 400);
    expect(response.json().message).toBe('You can sign up as a client or a planner.');
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['missing fields', {}],
    ['missing password', { username: 'A Person', email: 'a@example.test', role: 'client' }],
    ['malformed email', { ...newAccount(), email: 'not-an-email' }],
    ['wrong types', { ...newAccount(), username: 12345, role: ['client'] }],
    ['oversized name', { ...newAccount(), username: 'x'.repeat(10_000) }],
    ['oversized email', { ...newAccount(), email: `${'a'.repeat(300)}@example.test` }],
    ['oversized password', { ...newAccount(), password: 'p'.repeat(5_000) }],
    ['short password', { ...newAccount(), password: 'short' }],
    ['blank name', { ...newAccount(), username: '    ' }],
    ['null body', null],
  ])('answers 400 for %s and writes nothing', async (_name, payload) => {
    const before = await userCount();
    const response =
      payload === null
        ? await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: freshAddress() })
        : await register(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorEnvelope(body, 400);
    expect(body.code).toBe('VALIDATION');
    expect(await userCount()).toBe(before);
  });

  it('names each invalid field', async () => {
    const response = await register({ username: '', email: 'nope', password: 'short', role: 'boss' });
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'email', 'password', 'role']));
    expect(response.json().errors.find((e: { path: string }) => e.path === 'password').message).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const account = newAccount();
    expect((await register(account)).statusCode).toBe(201);
    const before = await userCount();
    const response = await register({
      ...account,
      email: account.email.toUpperCase(),
      username: 'Someone Else',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'An account with this email already exists.',
    });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password, case-insensitively on the email', async () => {
    const user = await createUser(t.database.db, { role: 'planner' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Successfully logged in!',
      user: { _id: user.id, role: 'planner' },
    });
    expectNoSecrets(response.body);
    // The body token works as a Bearer token; the cookie works on its own.
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/api/user/data',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(viaBearer.json()).toMatchObject({ success: true, userData: { _id: user.id } });
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/is-auth',
      headers: { cookie: sessionCookie(response)! },
    });
    expect(viaCookie.json()).toMatchObject({ success: true, user: { _id: user.id, email: user.email } });
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const user = await createUser(t.database.db);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'not-the-password' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: 'Invalid email or password.',
        code: 'UNAUTHENTICATED',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('answers 400 when a field is missing or of the wrong type', async () => {
    for (const payload of [{}, { email: 'a@example.test' }, { email: 42, password: true }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expectErrorEnvelope(response.json(), 400);
    }
  });
});

describe('sessions', () => {
  it('treats a guest as logged out without an error', async () => {
    const isAuth = await t.app.inject({ method: 'GET', url: '/api/auth/is-auth' });
    expect(isAuth.statusCode).toBe(200);
    expect(isAuth.json()).toMatchObject({ success: false, user: null });
    const data = await t.app.inject({ method: 'GET', url: '/api/user/data' });
    expect(data.statusCode).toBe(401);
    expect(data.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('stops accepting an expired session', async () => {
    const user = await createUser(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const data = await injectAs(t, user, 'GET', '/api/user/data');
    expect(data.statusCode).toBe(401);
    const isAuth = await t.app.inject({
      method: 'GET',
      url: '/api/auth/is-auth',
      headers: { cookie: `sherehe_session=${user.token}` },
    });
    expect(isAuth.json().success).toBe(false);
    // The dead cookie is cleared.
    expect(isAuth.cookies.find((c) => c.name === 'sherehe_session')?.value).toBe('');
  });

  it('renews a session that is more than a day old', async () => {
    const user = await createUser(t.database.db);
    const inFiveDays = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await t.database.db.update(sessions).set({ expiresAt: inFiveDays }).where(eq(sessions.userId, user.id));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/data',
      headers: { cookie: `sherehe_session=${user.token}` },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    expect(response.cookies.find((c) => c.name === 'sherehe_session')?.value).toBe(user.token);
  });

  it('ends the session on logout, and logout twice still succeeds', async () => {
    const user = await createUser(t.database.db);
    const cookie = `sherehe_session=${user.token}`;
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    expect(logout.cookies.find((c) => c.name === 'sherehe_session')?.value).toBe('');
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(again.json()).toEqual({ success: true });
    const data = await injectAs(t, user, 'GET', '/api/user/data');
    expect(data.statusCode).toBe(401);
  });

  it('logs out a Bearer session, with or without a JSON content type', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user.headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    const data = await injectAs(t, user, 'GET', '/api/user/data');
    expect(data.statusCode).toBe(401);
  });

  it('ignores a garbage token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/data',
      headers: { authorization: `Bearer ${'x'.repeat(5000)}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from a foreign origin and changes nothing', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `sherehe_session=${user.token}`, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);

    const viaReferer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount(),
      headers: { referer: 'https://evil.example/form' },
    });
    expect(viaReferer.statusCode).toBe(403);
  });

  it('accepts the app’s own origin and its PUBLIC_URL', async () => {
    for (const [origin, host] of [
      ['http://localhost:3000', 'localhost:3000'],
      ['http://sherehe.internal:8080', 'sherehe.internal:8080'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newAccount(),
        remoteAddress: freshAddress(),
        headers: { origin, host },
      });
      expect(response.statusCode, origin).toBe(201);
    }
  });
});

describe('rate limits', () => {
  it('limits login attempts per address and account', async () => {
    const user = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: '10.1.1.1',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
        // The default 15-minute window, told in minutes.
        expect(response.json().message).toBe('Too many requests. Please try again in about 15 minutes.');
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password is refused while limited...
    const rightPasswordFrom = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress,
      });
    expect((await rightPasswordFrom('10.1.1.1')).statusCode).toBe(429);
    // ...but the same person from elsewhere is not locked out.
    expect((await rightPasswordFrom('10.2.2.2')).statusCode).toBe(200);
  });

  it('limits registrations per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newAccount(),
        remoteAddress: '10.3.3.3',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
