import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './build-app';
import { createUser } from './factories';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Sherehe</title></head><body><div id="root"></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'sherehe-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'assets/index-abc123.js'), APP_JS);
  await writeFile(path.join(webDist, 'assets/index-abc123.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(webDist, 'assets/index-abc123.js.gz'), gzipSync(APP_JS));
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(
    path.join(webDist, '.vite/route-preloads.json'),
    JSON.stringify([
      { pattern: '/', files: ['assets/home-route-h1.js'] },
      { pattern: '/packages/:id', files: ['assets/package-route-p1.js', 'assets/shared-views-s1.js'] },
    ]),
  );
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: webDist, CORS_ORIGINS: 'https://partner.example' });
});

afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

/** A login request whose body is `payload`, sent as `contentType`. */
const postLoginBody = (contentType: string, payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

describe('API basics', () => {
  it('answers health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      status: 'ok',
      database: expect.stringMatching(/pglite|postgres/),
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API routes with the error envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/unknown'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        success: false,
        message: expect.stringContaining(url),
        code: 'NOT_FOUND',
      });
    }
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await postLoginBody('application/xml', '<login/>');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await postLoginBody(
      'application/json',
      JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses NUL characters, which PostgreSQL text cannot hold, with 400 and no write', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'nul\u0000byte',
        email: 'nul@example.test',
        password: 'long-enough',
        role: 'client',
      },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ success: false, message: 'Text may not contain NUL characters.' });
    const query = await t.app.inject({ method: 'GET', url: '/api/packages?q=a%00b&page=1' });
    expect(query.statusCode).toBe(400);
    const path = await t.app.inject({ method: 'GET', url: '/api/packages/abc%00def' });
    expect(path.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nul@example.test', password: 'long-enough' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('serves an OpenAPI document generated from the shared schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/is-auth',
      '/api/user/data',
      '/api/user/plan',
      '/api/plans',
      '/api/packages',
      '/api/health',
    ]) {
      expect(doc.paths[route], route).toBeDefined();
    }
    const register = doc.paths['/api/auth/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['username', 'email', 'password', 'role']));
    expect(schema.properties.role.enum).toEqual(['client', 'planner']);
    expect(doc.paths['/api/bookings/allowance'].get.responses['200']).toBeDefined();
    // A payment names the phone its M-Pesa prompt went to (optional: cards have none).
    expect(doc.components.schemas.Payment.properties.phone.type).toBe('string');
    expect(doc.components.schemas.Payment.required).not.toContain('phone');
    const html = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(html.statusCode);
  });

  it('documents every API route the server registers, each payments route included', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([route, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
    );
    const registered = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((key) => !documented.includes(key))).toEqual([]);
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /api/payments',
        'GET /api/payments',
        'GET /api/payments/methods',
        'GET /api/payments/:id',
        'GET /api/payments/:id/receipt',
        'POST /api/payments/:id/check',
        'POST /api/payments/mpesa/callback/:secret',
        'POST /api/payments/mpesa/callback/:secret/:paymentId',
        'POST /api/payments/paystack/webhook',
        'POST /api/sms/delivery-reports/:secret',
        'POST /api/sms/inbound/:secret',
        'GET /api/user/phone',
        'POST /api/user/phone/verify/start',
        'POST /api/user/phone/verify',
        'DELETE /api/user/phone',
        'GET /api/bookings/:id/refund-preview',
        'GET /api/bookings/:id/refunds',
        'POST /api/bookings/:id/quote',
        'POST /api/bookings/:id/quote/accept',
        'POST /api/bookings/:id/quote/decline',
        'GET /api/earnings',
        'GET /api/payouts',
        'GET /api/admin/audit',
        'POST /api/payouts',
      ]),
    );
    // Quotes: the planner's offer, the client's answers, and the offer on every booking.
    const offer = doc.paths['/api/bookings/{id}/quote'].post;
    expect(Object.keys(offer.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['price', 'depositPercent', 'message', 'expiresInDays', 'eventDate']),
    );
    for (const answer of ['accept', 'decline']) {
      expect(doc.paths[`/api/bookings/{id}/quote/${answer}`].post.responses['409']).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas.Quote.properties)).toEqual(
      expect.arrayContaining(['price', 'depositPercent', 'message', 'expiresAt', 'status']),
    );
    expect(doc.components.schemas.Booking.properties).toHaveProperty('quote');
    // The ledger's answers as a client generated from the document reads them.
    const earnings = doc.paths['/api/earnings'].get;
    expect(Object.keys(earnings.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['balance', 'pending', 'payable', 'entries', 'payouts']),
    );
    expect(doc.paths['/api/payouts'].post.responses['409']).toBeDefined();
    // An admin handles a contact message: marked handled, or answered by email.
    expect(
      doc.paths['/api/messages/{id}'].patch.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('handled');
    const answer = doc.paths['/api/messages/{id}/answer'].post;
    expect(answer.requestBody.content['application/json'].schema.properties).toHaveProperty('message');
    expect(answer.responses['409']).toBeDefined();
    expect(doc.components.schemas.ContactMessage.properties).toEqual(
      expect.objectContaining({
        handledAt: expect.anything(),
        handledBy: expect.anything(),
        answer: expect.anything(),
      }),
    );
    // The list's answer and the receipt's page, as a client generated from the document reads them.
    const list = doc.paths['/api/payments'].get;
    expect(Object.keys(list.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['payments', 'total', 'page', 'pages', 'summary']),
    );
    // Chat files (docs/chat-and-files.md#files-in-chat): an upload form, and the file as a photo or a PDF.
    const upload = doc.paths['/api/bookings/{id}/attachments'].post;
    expect(upload.description).toMatch(/multipart\/form-data with one file field `file`/);
    expect(Object.keys(upload.responses['201'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['success', 'attachment']),
    );
    const file = doc.paths['/api/attachments/{id}'].get;
    expect(Object.keys(file.responses['200'].content)).toEqual(['image/webp', 'application/pdf']);
    expect(
      doc.paths['/api/attachments/{id}/thumbnail'].get.responses['200'].content['image/webp'],
    ).toBeDefined();
    const receipt = doc.paths['/api/payments/{id}/receipt'].get;
    expect(Object.keys(receipt.responses['200'].content)).toEqual(['text/html']);
    expect(Object.keys(receipt.responses['404'].content)).toEqual(['application/json']);
  });

  it("documents a person's own data: the export's file and the deletion of their account", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const exported = doc.paths['/api/user/me/export'].get;
    expect(exported.description).toMatch(/sherehe-data-YYYY-MM-DD\.json/);
    const ref = exported.responses['200'].content['application/json'].schema.$ref as string;
    expect(ref).toBe('#/components/schemas/AccountExport');
    expect(Object.keys(doc.components.schemas.AccountExport.properties)).toEqual([
      'exportedAt',
      'user',
      'packages',
      'bookings',
      'messages',
      'attachments',
      'reviews',
      'payments',
      'refunds',
      'contactMessages',
      'notificationSettings',
      'smsMessages',
      'consents',
      'notificationConsents',
    ]);
    const own = doc.paths['/api/user/me'].delete;
    expect(own.requestBody.content['application/json'].schema.required).toEqual(['password']);
    expect(Object.keys(own.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '409']));
    expect(doc.paths['/api/user/{id}'].delete.description).toMatch(/never deleted/);
  });

  it('documents the notification switches: their shape, and a change of some of them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths['/api/user/notifications'];
    expect(Object.keys(route).sort()).toEqual(['get', 'patch']);
    expect(route.get.responses['401']).toBeDefined();
    expect(route.patch.responses['400']).toBeDefined();
    const settings = doc.components.schemas.NotificationSettings;
    expect(settings.required).toEqual(['sms', 'email']);
    const topics = doc.components.schemas.NotificationTopics;
    expect(Object.keys(topics.properties)).toEqual(['bookings', 'payments', 'reminders', 'chat']);
    const body = route.patch.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.required ?? []).toEqual([]);
  });

  it('documents verified phones: the number to send a code to, the code, and their refusals', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const start = doc.paths['/api/user/phone/verify/start'].post;
    expect(start.requestBody.content['application/json'].schema.required).toEqual(['phone']);
    expect(Object.keys(start.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '409', '429']));
    expect(start.description).toMatch(/At most 3 codes an hour/);
    const verify = doc.paths['/api/user/phone/verify'].post;
    expect(verify.requestBody.content['application/json'].schema.required).toEqual(['code']);
    expect(Object.keys(verify.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '409']));
    expect(Object.keys(doc.components.schemas.SmsPhone.properties)).toEqual([
      'phone',
      'verifiedAt',
      'stopped',
    ]);
    expect(doc.paths['/api/user/phone'].delete.responses['200']).toBeDefined();
    expect(doc.components.schemas.User.properties).toHaveProperty('smsPhone');
  });

  it('documents paid plans: the 402 of PATCH /api/user/plan, the plan body of POST /api/payments, the admin plan route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const change = doc.paths['/api/user/plan'].patch;
    const required = change.responses['402'].content['application/json'].schema;
    expect(Object.keys(required.properties)).toEqual(
      expect.arrayContaining(['success', 'paymentRequired', 'planId', 'amount', 'message']),
    );
    const start = doc.paths['/api/payments'].post.requestBody.content['application/json'].schema;
    const bodies = JSON.stringify(start);
    expect(bodies).toContain('planId');
    expect(bodies).toContain('bookingId');
    const admin = doc.paths['/api/user/{id}/plan'].patch;
    const adminBody = admin.requestBody.content['application/json'].schema;
    expect(Object.keys(adminBody.properties)).toEqual(['planId', 'until']);
    const user = JSON.stringify(doc.components?.schemas ?? {});
    expect(user).toContain('planUntil');
  });
});

describe('security headers and CORS', () => {
  it('sends a Content-Security-Policy without inline scripts, and the other helmet headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets a CORS_ORIGINS origin call the API with credentials, and nobody else', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const user = await createUser(t.database.db);
    const partner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://partner.example', authorization: `Bearer ${user.token}` },
    });
    expect(partner.statusCode).toBe(200);
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');

    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/plans',
      headers: { origin: 'https://stranger.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the web app', () => {
  it('serves index.html for the root and for client-side routes, never cached', async () => {
    for (const url of ['/', '/dashboard/bookings', '/packages/123?x=1', '/login']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body.replace(/<link rel="modulepreload"[^>]*>/g, '')).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("lists the page's own code as modulepreload, so it loads alongside the entry", async () => {
    const preloads = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      return [...response.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    };
    expect(await preloads('/')).toEqual(['/assets/home-route-h1.js']);
    expect(await preloads('/packages/123?x=1')).toEqual([
      '/assets/package-route-p1.js',
      '/assets/shared-views-s1.js',
    ]);
    expect(await preloads('/packages/123/')).toHaveLength(2);
    expect(await preloads('/packages')).toEqual([]);
    expect(await preloads('/packages/123/edit')).toEqual([]);
    expect(await preloads('/login')).toEqual([]);
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-missing.js' });
    expect(response.statusCode).toBe(404);
    const missingFile = await t.app.inject({ method: 'GET', url: '/robots-missing.txt' });
    expect(missingFile.statusCode).toBe(404);
  });
});
