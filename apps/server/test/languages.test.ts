import { MESSAGES } from '@sherehe/shared/messages';
import { genericMessages as sw } from '@sherehe/shared/messages/sw/generic';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createTestApp, type TestContext } from './build-app';
import { createUser, type TestUser } from './factories';

let t: TestContext;
let client: TestUser;
let swahiliClient: TestUser;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  client = await createUser(t.database.db, { role: 'client' });
  swahiliClient = await createUser(t.database.db, { role: 'client', locale: 'sw' });
});
afterAll(() => t.close());

function register(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  counter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: `Achieng Otieno ${counter}`,
      email: `achieng${counter}@example.test`,
      password: 'a-long-password',
      role: 'client',
      ...payload,
    },
    headers,
    remoteAddress: `10.77.0.${counter}`,
  });
}

function patchProfile(
  user: TestUser,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    headers: { ...user.headers, ...headers },
    payload,
  });
}

async function localeOf(id: string) {
  const [row] = await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, id));
  return row?.locale;
}

describe("a user's locale", () => {
  it('is English by default and part of the user the API returns', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/data', headers: client.headers });
    expect(response.json().userData.locale).toBe('en');
  });

  it('changes through PATCH /api/user/profile', async () => {
    const user = await createUser(t.database.db);
    const response = await patchProfile(user, { locale: 'sw' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.locale).toBe('sw');
    expect(await localeOf(user.id)).toBe('sw');
    const back = await patchProfile(user, { locale: 'en' });
    expect(back.json().user.locale).toBe('en');
    expect(await localeOf(user.id)).toBe('en');
  });

  it('refuses any other language with a clear 400 and changes nothing', async () => {
    const user = await createUser(t.database.db);
    for (const locale of ['fr', 'SW', '', 1, null]) {
      const response = await patchProfile(user, { locale, firstName: 'Changed' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'VALIDATION',
        message: MESSAGES.profile.localeInvalid,
        errors: [{ path: 'locale', message: MESSAGES.profile.localeInvalid }],
      });
    }
    expect(await localeOf(user.id)).toBe('en');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe('');
  });

  it('is documented in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const text = JSON.stringify(spec);
    expect(text).toContain('"Locale"');
    expect(spec.components.schemas.Locale).toMatchObject({ enum: ['en', 'sw'] });
  });
});

describe('signing up', () => {
  it('takes the locale the form names', async () => {
    const response = await register({ locale: 'sw' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.locale).toBe('sw');
  });

  it('else the language of the request: the lang cookie, then Accept-Language, then English', async () => {
    expect((await register({}, { cookie: 'lang=sw' })).json().user.locale).toBe('sw');
    expect((await register({}, { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' })).json().user.locale).toBe(
      'sw',
    );
    expect((await register({}, { cookie: 'lang=en', 'accept-language': 'sw' })).json().user.locale).toBe(
      'en',
    );
    expect((await register({})).json().user.locale).toBe('en');
  });

  it('refuses a locale we do not speak', async () => {
    const response = await register({ locale: 'de' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.profile.localeInvalid);
  });
});

describe('API messages in the request language', () => {
  const adminOnly = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers });

  it('answers a signed-in user whose locale is Kiswahili in Kiswahili, with no cookie or header', async () => {
    const response = await adminOnly(swahiliClient.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: sw.forbidden });
  });

  it('keeps English for an English user and for a client that says nothing', async () => {
    const response = await adminOnly(client.headers);
    expect(response.json().message).toBe(MESSAGES.generic.forbidden);
  });

  it('lets the lang cookie and Accept-Language pick the language', async () => {
    expect((await adminOnly({ ...client.headers, cookie: 'lang=sw' })).json().message).toBe(sw.forbidden);
    expect((await adminOnly({ ...client.headers, 'accept-language': 'sw' })).json().message).toBe(
      MESSAGES.generic.forbidden,
    );
    expect((await adminOnly({ ...swahiliClient.headers, cookie: 'lang=en' })).json().message).toBe(
      MESSAGES.generic.forbidden,
    );
  });
});
