import { MESSAGES } from '@sherehe/shared/messages';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attachments, contactMessages, reviews } from '../src/db/schema';
import { createTestApp, type TestContext } from './build-app';
import { databaseChecksum } from './checksum';
import { nairobiDayFromToday } from './dates';
import {
  createBookingRow,
  createCategory,
  createPackage,
  createPaymentRow,
  createUser,
  type TestUser,
} from './factories';
import { pngImage } from './images';
import { freePort } from './ports';

/**
 * Requests generated from each route's own zod schemas, mixed with hostile values: wrong types,
 * missing and extra fields, huge strings and numbers, unicode, SQL and HTML fragments, path
 * parameters that are not ids. Whatever comes in: never a 5xx, always the error envelope for an
 * error, and a refused request changes no row.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);

const NASTY = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '"; DELETE FROM packages; --',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'nul\u0000byte',
  '🎉🇰🇪 Sherehe ✨',
  '\u202Eevil',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  ' ',
  '',
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 3000, maxLength: 12000 }) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e21, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
}

let ids: string[] = [];

/** A plausible value for a schema node (so requests also get past validation), or a hostile one. */
function valueFor(node: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown>[] = [];
  if (node?.enum) plausible.push(fc.constantFrom(...node.enum));
  if (node?.format === 'uuid') plausible.push(fc.constantFrom(...ids), fc.uuid());
  if (node?.format === 'email') plausible.push(fc.emailAddress());
  const type = [node?.type ?? node?.anyOf?.map((n) => n.type)].flat().filter(Boolean);
  if (type.includes('integer') || type.includes('number')) plausible.push(fc.integer({ min: -5, max: 2000 }));
  if (type.includes('string')) plausible.push(fc.string({ minLength: 1, maxLength: 30 }));
  if (type.includes('object') && node?.properties) plausible.push(objectFor(node));
  return plausible.length > 0 ? fc.oneof(fc.oneof(...plausible), hostileValue) : hostileValue;
}

function objectFor(node: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(node.properties ?? {});
  const fields = Object.fromEntries(
    entries.map(([key, child]) => [key, fc.option(valueFor(child), { nil: undefined })]),
  );
  return fc
    .tuple(
      fc.record(fields),
      fc.dictionary(
        fc.constantFrom('role', 'passwordHash', 'planner', 'status', '__proto__', 'constructor'),
        hostileValue,
        { maxKeys: 2 },
      ),
    )
    .map(([record, extra]) => {
      const out: Record<string, unknown> = { ...extra };
      for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
      return out;
    });
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

let t: TestContext;
let users: TestUser[];
let png: Buffer;
/** A client and a package the fuzzer cannot reach (not in `ids`), for the valid booking body. */
let booker: TestUser;
let enquirer: TestUser;
let bookable: { id: string; plannerId: string };
/** A planner the fuzzer cannot reach, for the valid block body. */
let blocker: TestUser;

/** A client who asks for a phone verification code, out of the fuzzer's reach, for the valid body. */
let phoneVerifier: TestUser;
/** Numbers for the valid phone bodies: one of their own each, as at most 3 codes an hour go to one. */
let phoneNumbers = 0;
function nextPhone(): string {
  phoneNumbers += 1;
  return `07${String(phoneNumbers).padStart(8, '0')}`;
}

/** A client with an accepted booking to pay, also out of the fuzzer's reach, for the valid payment body. */
let payer: TestUser;
let payable: { id: string };

beforeAll(async () => {
  // The app listens at its PUBLIC_URL, so a payment start reaches the payment simulator for real; the
  // simulator's callbacks wait ten minutes, so none changes the database behind a request's checksums.
  const port = await freePort();
  t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}`, SIM_CALLBACK_DELAY_MS: '600000' });
  await t.app.listen({ port, host: '127.0.0.1' });
  // Queued work runs only where the test drains it (below), never in the background between a
  // request's two checksums; a refused request that queued something still shows in the second.
  await t.app.jobs.stop();
  const db = t.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const planner = await createUser(db, { role: 'planner', planId: 'pro' });
  const client = await createUser(db, { role: 'client', planId: 'enterprise' });
  users = [admin, planner, client];
  const category = await createCategory(db);
  const pkg = await createPackage(db, { plannerId: planner.id, categoryId: category.id });
  const booking = await createBookingRow(db, {
    clientId: client.id,
    packageId: pkg.id,
    plannerId: planner.id,
    status: 'completed',
  });
  const [review] = await db
    .insert(reviews)
    .values({ packageId: pkg.id, clientId: client.id, rating: 3 })
    .returning();
  // Payments to read, check and print: a paid deposit and one still waiting (never sent to a provider).
  const paid = await createPaymentRow(db, { bookingId: booking.id, userId: client.id, status: 'succeeded' });
  const waiting = await createPaymentRow(db, {
    bookingId: booking.id,
    userId: client.id,
    purpose: 'balance',
  });
  // A photo sent in the booking's chat, to fetch (and its thumbnail).
  const photo = await pngImage(32, 32);
  const [attachment] = await db
    .insert(attachments)
    .values({
      bookingId: booking.id,
      uploaderId: client.id,
      name: 'a.webp',
      type: 'image/webp',
      size: photo.length,
      storageKey: await t.app.attachmentStore.put({ body: photo, thumb: photo }),
    })
    .returning();
  const [contact] = await db
    .insert(contactMessages)
    .values({ userId: client.id, name: 'Client', email: client.email, message: 'A question.' })
    .returning();
  ids = [
    admin.id,
    planner.id,
    client.id,
    category.id,
    pkg.id,
    booking.id,
    review!.id,
    paid.id,
    waiting.id,
    attachment!.id,
    contact!.id,
  ];
  // The calls fuzzed before bookings delete and demote the users and packages in `ids` at random.
  booker = await createUser(db, { role: 'client', planId: 'enterprise' });
  enquirer = await createUser(db, { role: 'client' });
  bookable = await createPackage(db);
  payer = await createUser(db, { role: 'client' });
  payable = await createBookingRow(db, {
    clientId: payer.id,
    packageId: bookable.id,
    plannerId: bookable.plannerId,
    status: 'accepted',
    price: 10_000,
  });
  blocker = await createUser(db, { role: 'planner' });
  phoneVerifier = await createUser(db, { role: 'client' });
  png = await pngImage(32, 32);
});
afterAll(() => t.close());

/** A valid request body per JSON route: the fuzzer also sends it with one field made hostile. */
function validBodies(): Record<string, Record<string, unknown>> {
  const packageId = ids[4];
  return {
    'POST /api/auth/register': {
      username: 'Fuzzy Person',
      email: `fuzz-${Date.now()}-${Math.random()}@example.test`,
      password: 'long-enough',
      role: 'client',
    },
    'POST /api/auth/login': { email: 'nobody@example.test', password: 'whatever-it-is' },
    'PATCH /api/user/plan': { planId: 'basic' },
    'PATCH /api/user/notifications': { sms: { bookings: false, chat: true }, email: { reminders: false } },
    'PATCH /api/user/profile': {
      bio: 'Hi',
      website: 'https://example.test',
      socialMedia: { twitter: 'https://x.test' },
    },
    // Not the password of any fuzzing user: every sample is refused, and deletes nobody.
    'DELETE /api/user/me': { password: 'not-the-password-of-anyone' },
    'POST /api/user/phone/verify/start': { phone: nextPhone() },
    'POST /api/user/phone/verify': { code: '123456' },
    'PATCH /api/user/:id/role': { role: 'planner' },
    'PATCH /api/user/:id/plan': { planId: 'basic', until: new Date(Date.now() + 86_400_000).toISOString() },
    'POST /api/category/create': { name: `Fuzz ${Math.random()}`, description: 'd' },
    'PUT /api/category/update/:id': { name: `Fuzz ${Math.random()}`, description: 'd' },
    'POST /api/bookings/create': {
      package: bookable.id,
      planner: bookable.plannerId,
      date: nairobiDayFromToday(30),
      message: 'hello',
    },
    'POST /api/bookings/enquiries': {
      package: bookable.id,
      planner: bookable.plannerId,
      eventDate: nairobiDayFromToday(40),
      guests: 120,
      budget: 150000.5,
      message: 'Is this possible for us?',
    },
    'PATCH /api/bookings/:id': { status: 'cancelled' },
    'POST /api/bookings/:id/quote': {
      price: 5000,
      depositPercent: 20,
      message: 'An offer',
      expiresInDays: 7,
    },
    'POST /api/availability/blocks': { date: nairobiDayFromToday(20), note: 'Away' },
    'POST /api/reviews': { package: packageId, rating: 4, comment: 'ok' },
    'PATCH /api/reviews/:id': { rating: 4, comment: 'ok' },
    'PUT /api/reviews/:id/reply': { text: 'Asante sana' },
    'POST /api/auth/request-password-reset': { email: 'someone@example.test' },
    'POST /api/auth/reset-password': { token: 'q'.repeat(43), newPassword: 'long-enough' },
    'POST /api/auth/test-email': { email: `fuzz-${Math.random()}@example.test` },
    'POST /api/messages': { name: 'Fuzz', email: 'fuzz@example.test', message: 'hello' },
    'PATCH /api/messages/:id': { handled: true },
    'POST /api/messages/:id/answer': { message: 'Thank you for writing.' },
    'POST /api/payments': {
      bookingId: payable.id,
      purpose: 'deposit',
      method: 'mpesa',
      phone: '0712 345 678',
      // A part of the balance's amount: ignored with a deposit, and fuzzed like every other field.
      amount: 1000,
    },
    'POST /api/payouts': {
      plannerId: users[1]!.id,
      amount: 100,
      reference: `FZ${Math.random().toString(36).slice(2, 10).toUpperCase().padEnd(8, '0')}`,
    },
  };
}

/**
 * Calls whose valid body, sent once unchanged by this sender, must succeed. It proves the valid
 * bodies still pass validation, so that their mutations reach the checks behind it: a body gone
 * stale (an event date now in the past) would leave every sample stuck at the first check, and
 * the fuzzer would go on passing without testing anything past it.
 */
const HAPPY_PATH: Record<string, () => TestUser | undefined> = {
  'POST /api/auth/register': () => undefined,
  'POST /api/bookings/create': () => booker,
  'POST /api/bookings/enquiries': () => enquirer,
  'POST /api/payments': () => payer,
  'POST /api/availability/blocks': () => blocker,
  'POST /api/user/phone/verify/start': () => phoneVerifier,
};

/**
 * Refusals that write, on purpose: a wrong verification code counts a try against the code
 * (5 and it is dead), so its 400 changes the code's row and nothing else.
 */
const REFUSALS_THAT_WRITE: Record<string, readonly string[]> = {
  'POST /api/user/phone/verify': [MESSAGES.phoneVerification.wrongCode, MESSAGES.phoneVerification.codeDead],
};

/** Every payments route, the providers' calls included: each must be fuzzed (point 8 of the payments issue). */
const PAYMENT_ROUTES = [
  'POST /api/payments',
  'GET /api/payments',
  'GET /api/payments/:id',
  'GET /api/payments/:id/receipt',
  'POST /api/payments/:id/check',
  'POST /api/payments/mpesa/callback/:secret',
  'POST /api/payments/mpesa/callback/:secret/:paymentId',
  'POST /api/payments/paystack/webhook',
];

/** Africa's Talking's calls to the app: fuzzed like the payment callbacks. */
const SMS_ROUTES = ['POST /api/sms/delivery-reports/:secret', 'POST /api/sms/inbound/:secret'];

/** The audit trail's reading, its filters fuzzed like any list's. */
const AUDIT_ROUTES = ['GET /api/admin/audit'];

/**
 * A valid body (fresh for every sample, so unique values stay unique) with one field replaced by a
 * hostile value, removed, or an extra field added.
 */
function mutatedBody(key: string): fc.Arbitrary<unknown> {
  const keys = Object.keys(validBodies()[key]!);
  const fresh = () => validBodies()[key]!;
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), hostileValue)
        .map(([field, value]) => ({ ...fresh(), [field]: value })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...keys).map((field) => {
        const copy = { ...fresh() };
        delete copy[field];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 8 }), hostileValue)
        .map(([field, value]) => ({ ...fresh(), [field]: value })),
    },
  );
}

/** The package form's text fields, on create and on update. */
const PACKAGE_FORM_FIELDS = ['title', 'description', 'price', 'category', 'location', 'cancellationPolicy'];
/** Routes whose body is a multipart form (no JSON body schema): their text fields. */
const MULTIPART_FIELDS: Record<string, string[]> = {
  'POST /api/packages/create': PACKAGE_FORM_FIELDS,
  'PUT /api/packages/update/:id': [...PACKAGE_FORM_FIELDS, 'removeImages', 'imageOrder'],
  'POST /api/packages/:id/images': [],
  'POST /api/user/profile-picture': [],
  'POST /api/bookings/:id/attachments': [],
};
/** The file field of a multipart route, when it is not `image`. */
const MULTIPART_FILE_FIELD: Record<string, string> = { 'POST /api/bookings/:id/attachments': 'file' };

const fileArbitrary = fc.oneof(
  fc.constant(undefined),
  fc
    .uint8Array({ maxLength: 2000 })
    .map((bytes) => ({ bytes: Buffer.from(bytes), name: 'x.png', type: 'image/png' })),
  fc.constantFrom('<svg onload=alert(1)>', '%PDF-1.4', 'GIF89a', '\u0000\u0001').map((text) => ({
    bytes: Buffer.from(text),
    name: 'evil.svg',
    type: 'image/svg+xml',
  })),
  fc.constant('png').map(() => ({ bytes: png, name: '../../etc/passwd', type: 'text/html' })),
);

function multipartArbitrary(fields: string[], fileField = 'image') {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    title: fc.constant('A title'),
    description: fc.constant('A description'),
    price: fc.constantFrom('100', '0', '99.99'),
    category: fc.constantFrom(...ids.slice(3, 4)),
    location: fc.constant('Nairobi'),
  };
  const record = Object.fromEntries(
    fields.map((field) => [
      field,
      fc.option(fc.oneof(plausible[field] ?? fc.constant('x'), hostileString.map(String)), {
        nil: undefined,
      }),
    ]),
  );
  return fc.tuple(fc.record(record), fileArbitrary).map(([values, file]) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) if (value !== undefined) data.append(key, value);
    if (file) data.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return data;
  });
}

function pathArbitrary(url: string) {
  const params = [...url.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]!);
  const value = fc.oneof(
    fc.constantFrom(...ids),
    fc.uuid(),
    hostileString.filter((s) => s.length > 0 && s.length < 500),
  );
  return fc.tuple(...params.map(() => value)).map((values) => {
    let path = url;
    params.forEach((param, index) => {
      path = path.replace(`:${param}`, encodeURIComponent(String(values[index])));
    });
    return path;
  });
}

function queryArbitrary(schema: JsonSchema | undefined) {
  if (!schema?.properties) return fc.constant('');
  return objectFor(schema).map((query) =>
    Object.entries(query)
      .map(
        ([key, value]) =>
          `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
      )
      .join('&'),
  );
}

describe('fuzzing every JSON and multipart call from its schemas', () => {
  let address = 0;
  const routes = () =>
    t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        !['HEAD', 'OPTIONS'].includes(route.method) &&
        // Nothing to fuzz: no input at all.
        ![
          'GET /api/health',
          'GET /api/plans',
          'GET /api/payments/methods',
          'GET /api/category',
          'GET /api/chat/unread',
          'GET /api/auth/is-auth',
          'GET /api/user/data',
          'GET /api/user/notifications',
          'GET /api/user/phone',
          'POST /api/auth/logout',
          'GET /api/analytics/overview',
          'GET /api/calendar/feed',
          'POST /api/calendar/feed',
          'GET /api/earnings',
          'GET /api/payouts',
          'GET /api/bookings/allowance',
        ].includes(`${route.method} ${route.url}`),
    );

  it('covers every route with input', () => {
    expect(routes().length).toBeGreaterThan(25);
    const keys = routes().map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(expect.arrayContaining(Object.keys(HAPPY_PATH)));
    expect(keys).toEqual(expect.arrayContaining(PAYMENT_ROUTES));
    expect(keys).toEqual(expect.arrayContaining(SMS_ROUTES));
    expect(keys).toContain('PATCH /api/user/notifications');
    expect(keys).toEqual(expect.arrayContaining(AUDIT_ROUTES));
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/bookings/:id/refund-preview',
        'GET /api/bookings/:id/refunds',
        'POST /api/bookings/:id/quote',
        'POST /api/bookings/:id/quote/accept',
        'POST /api/bookings/:id/quote/decline',
        'POST /api/payouts',
        'DELETE /api/user/me',
        'GET /api/user/me/export',
        'POST /api/user/phone/verify/start',
        'POST /api/user/phone/verify',
        'DELETE /api/user/phone',
        'PUT /api/reviews/:id/reply',
        'DELETE /api/reviews/:id/reply',
      ]),
    );
  });

  it('never answers 5xx, always answers errors in the envelope, and a refused request writes nothing', async () => {
    const succeeded = new Map<string, number>();
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
      const bodySchema = jsonSchemaOf(schema?.body);
      const body: fc.Arbitrary<unknown> =
        key in MULTIPART_FIELDS
          ? multipartArbitrary(MULTIPART_FIELDS[key]!, MULTIPART_FILE_FIELD[key])
          : bodySchema
            ? fc.oneof(
                { weight: 3, arbitrary: objectFor(bodySchema) },
                { weight: 1, arbitrary: hostileValue },
                ...(validBodies()[key] ? [{ weight: 6, arbitrary: mutatedBody(key) }] : []),
              )
            : fc.constant(undefined);
      const request = fc.record({
        path: pathArbitrary(route.url),
        query: queryArbitrary(jsonSchemaOf(schema?.querystring)),
        body,
        user: fc.option(fc.constantFrom(...users), { nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query, body: payload, user }) => {
          // Jobs queued by an earlier, successful request (a booking's mail) run in the background:
          // finished first, they cannot change the fingerprint while this request is looked at.
          await t.app.jobs.drain();
          const before = await databaseChecksum(t.database);
          const options: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: query ? `${path}?${query}` : path,
            headers: { ...(user?.headers ?? {}) },
            remoteAddress: `10.70.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`,
          };
          if (payload instanceof FormData) options.payload = payload;
          else if (payload !== undefined) {
            options.payload = JSON.stringify(payload);
            options.headers = { ...options.headers, 'content-type': 'application/json' };
          }
          const response = await t.app.inject(options);
          if (response.statusCode < 300) succeeded.set(key, (succeeded.get(key) ?? 0) + 1);
          const summary = `${key} → ${response.statusCode}: ${response.body.slice(0, 200)}`;
          expect(response.statusCode, summary).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const parsed = response.json();
            expect(parsed, summary).toMatchObject({
              success: false,
              message: expect.any(String),
              code: expect.any(String),
            });
            if (!REFUSALS_THAT_WRITE[key]?.includes(parsed.message))
              expect(await databaseChecksum(t.database), `${summary} changed the database`).toBe(before);
          }
        }),
        {
          numRuns: RUNS,
          examples:
            key in HAPPY_PATH
              ? [[{ path: route.url, query: '', body: validBodies()[key], user: HAPPY_PATH[key]!() }]]
              : [],
        },
      );
      if (key in HAPPY_PATH)
        expect(succeeded.get(key) ?? 0, `${key}: its valid body never succeeded`).toBeGreaterThan(0);
    }
  }, 600_000);
});

describe('fuzzing the short links of SMS', () => {
  it('GET /b/:code answers a redirect or a 404 in the envelope, never a 5xx, whatever the code', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 40 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
          fc.constantFrom('%00', '..%2F..', 'AAAAAAAAAAAAAAAAAAAAAA', '%E2%82%AC', `${'x'.repeat(5000)}`),
        ),
        async (code) => {
          const response = await t.app.inject({ method: 'GET', url: `/b/${encodeURIComponent(code)}` });
          expect(response.statusCode, code).toBeLessThan(500);
          if (response.statusCode !== 302)
            expect(response.json(), code).toMatchObject({ success: false, message: expect.any(String) });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
