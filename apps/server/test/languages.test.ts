import { MESSAGES } from '@sherehe/shared/messages';
import { authMessages as swAuth } from '@sherehe/shared/messages/sw/auth';
import { genericMessages as sw } from '@sherehe/shared/messages/sw/generic';
import { profileMessages as swProfile } from '@sherehe/shared/messages/sw/profile';
import { securityMessages as swSecurity } from '@sherehe/shared/messages/sw/security';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { injectAs, useTestApp } from './build-app';
import { createUser, type TestUser } from './factories';

let client: TestUser;
let swahiliClient: TestUser;
let counter = 0;

const t = useTestApp();
beforeAll(async () => {
  client = await createUser(t.database.db, { role: 'client' });
  swahiliClient = await createUser(t.database.db, { role: 'client', locale: 'sw' });
});

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
    const response = await injectAs(t, client, 'GET', '/api/user/data');
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

describe('API messages for guests', () => {
  let address = 0;
  const logIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers,
      remoteAddress: `10.78.0.${++address}`,
    });
  const wrongPassword = { email: 'nobody@example.test', password: 'not-the-password' };

  it('answers a wrong login in English to a client that sends no language, word for word', async () => {
    const response = await logIn(wrongPassword);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
      message: 'Invalid email or password.',
    });
  });

  it('answers it in Kiswahili to Accept-Language: sw and to the lang=sw cookie', async () => {
    const asks: Array<Record<string, string>> = [
      { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' },
      { cookie: 'lang=sw' },
    ];
    for (const headers of asks) {
      const response = await logIn(wrongPassword, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(response.json().message).toBe(swAuth.invalidCredentials);
      expect(response.json().message).not.toBe(MESSAGES.auth.invalidCredentials);
    }
  });

  it('translates a text made by a function, with its number, in the message and the field errors', async () => {
    const tooLong = { email: 'nobody@example.test', password: 'x'.repeat(201) };
    const english = await logIn(tooLong);
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe('Password must be at most 200 characters.');
    const swahili = await logIn(tooLong, { 'accept-language': 'sw' });
    expect(swahili.statusCode).toBe(400);
    expect(swahili.json()).toMatchObject({
      message: swAuth.passwordTooLong(200),
      errors: [{ path: 'password', message: swAuth.passwordTooLong(200) }],
    });
    expect(swahili.json().message).toContain('200');
  });

  it("translates the error handler's own texts: a body that is not JSON", async () => {
    const notJson = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{"email":',
        headers: { 'content-type': 'application/json', ...headers },
        remoteAddress: `10.78.1.${++address}`,
      });
    expect((await notJson({})).json().message).toBe('The request body is not valid JSON.');
    expect((await notJson({ cookie: 'lang=sw' })).json().message).toBe(swSecurity.invalidJson);
  });

  it('translates success messages too, for a Kiswahili user', async () => {
    const response = await patchProfile(swahiliClient, { bio: 'Napenda harusi.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(swProfile.updated);
    expect((await patchProfile(client, { bio: 'Weddings.' })).json().message).toBe(MESSAGES.profile.updated);
  });
});

describe('the API’s own refusals', () => {
  it('says an unknown route, bad JSON and an unsupported body type in the request’s language', async () => {
    const sw = { 'accept-language': 'sw' };
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1', headers: sw });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Hakuna njia ya GET /api/no-such-thing.');
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).json().message).toBe(
      'No route for GET /api/no-such-thing.',
    );
    const login = (payload: string, contentType: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { ...sw, 'content-type': contentType },
        remoteAddress,
      });
    const badJson = await login('{"email":', 'application/json', '10.79.0.1');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('Maudhui ya ombi si JSON sahihi.');
    const wrongType = await login('email=a', 'text/csv', '10.79.0.2');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('Aina ya maudhui haikubaliki.');
  });
});

describe('form checks in the request’s language', () => {
  it('names the field in Kiswahili: a missing email and a too-long name', async () => {
    const response = await register({ username: 'N'.repeat(81), email: '' }, { 'accept-language': 'sw' });
    expect(response.statusCode).toBe(400);
    const messages = (response.json().errors as Array<{ path: string; message: string }>).map(
      (error) => `${error.path}: ${error.message}`,
    );
    expect(messages).toContain('username: Jina kamili: isizidi herufi 80.');
    expect(messages).toContain('email: Tafadhali weka barua pepe.');
    const english = await register({ username: 'N'.repeat(81), email: '' });
    expect(english.json().errors).toContainEqual({
      path: 'username',
      message: 'Full name must be at most 80 characters.',
    });
  });
});
