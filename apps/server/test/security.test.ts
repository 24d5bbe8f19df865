import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestContext } from './build-app';
import { createUser, TEST_PASSWORD } from './factories';
import { form, pngImage } from './images';

describe('in production', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://sherehe.example' });
  });
  afterAll(() => t.close());

  it('sets the session cookie httpOnly, SameSite=Lax and Secure, and sends HSTS', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'sherehe_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('uploads', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are only ever served as images, never as a page, and never outside their folder', async () => {
    const user = await createUser(t.database.db);
    const uploaded = await injectAs(
      t,
      user,
      'POST',
      '/api/user/profile-picture',
      form({}, { bytes: await pngImage(40, 40), name: 'evil.html', type: 'text/html' }),
    );
    const url = new URL(uploaded.json().user.profilePicture);
    expect(url.pathname).toMatch(/\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    for (const sneaky of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/images/..%2f..%2fpackage.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: sneaky });
      expect(response.statusCode, sneaky).toBe(404);
    }
  });
});
