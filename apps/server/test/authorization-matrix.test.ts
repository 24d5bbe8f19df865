import { fromCents } from '@sherehe/shared/money';
import { depositCents } from '@sherehe/shared/payments';
import { shortBookingCode } from '@sherehe/shared/sms-text';
import { ClientEvents } from '@sherehe/shared/socket-events';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  availabilityBlocks,
  bookings,
  calendarFeeds,
  chatMessages,
  contactMessages,
  jobs,
  ledgerEntries,
  packageImages,
  payments,
  reviews,
} from '../src/db/schema';
import { insertJob } from '../src/jobs/jobs.queries';
import { createTestApp, listenLocally, type TestContext } from './build-app';
import { nairobiDayFromToday } from './dates';
import {
  createBookingRow,
  createCategory,
  createPackage,
  createPaymentRow,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from './factories';
import { form, pngImage } from './images';
import { connected, connectSocket, emitAck } from './sockets';

/**
 * Every route the server registers, for every kind of caller: a guest, the resource's client,
 * another client, the resource's planner, another planner and an admin. Each request runs in a
 * world of its own (fresh users, packages, bookings, reviews), so the rows do not depend on order.
 */
const ACTORS = ['guest', 'client', 'otherClient', 'planner', 'otherPlanner', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

const all = (status: number): Expected => ({
  guest: status,
  client: status,
  otherClient: status,
  planner: status,
  otherPlanner: status,
  admin: status,
});
const loggedIn = (status: number): Expected => ({ ...all(status), guest: 401 });
const adminOnly = (status: number): Expected => ({ ...all(403), guest: 401, admin: status });

interface World {
  users: Record<Exclude<Actor, 'guest'>, TestUser>;
  bystander: TestUser;
  categoryId: string;
  unusedCategoryId: string;
  packageId: string;
  otherPackageId: string;
  reviewablePackageId: string;
  /** One of the two photos of the world's package. */
  photoId: string;
  pendingBookingId: string;
  acceptedBookingId: string;
  reviewId: string;
  failedJobId: string;
  paymentId: string;
  /** A succeeded payment (it has a receipt) and a pending one (it may be checked). */
  paidPaymentId: string;
  pendingPaymentId: string;
  /** A day the world's planner has blocked. */
  blockedDay: string;
  /** The world's client's calendar feed token. */
  feedToken: string;
  /** A photo the client sent in the pending booking's chat. */
  attachmentId: string;
  /** A message the client sent to the team, open (neither handled nor answered). */
  contactMessageId: string;
  png: Buffer;
  n: number;
}

let t: TestContext;
let png: Buffer;
let counter = 0;

async function makeWorld(): Promise<World> {
  const db = t.database.db;
  const n = ++counter;
  const client = await createUser(db, { role: 'client', planId: 'enterprise' });
  const otherClient = await createUser(db, { role: 'client', planId: 'enterprise' });
  const planner = await createUser(db, { role: 'planner', planId: 'pro' });
  const otherPlanner = await createUser(db, { role: 'planner', planId: 'pro' });
  const admin = await createUser(db, { role: 'admin' });
  const bystander = await createUser(db, { role: 'client' });
  const category = await createCategory(db);
  const unused = await createCategory(db);
  const pkg = await createPackage(db, { plannerId: planner.id, categoryId: category.id });
  const other = await createPackage(db, { plannerId: planner.id, categoryId: category.id });
  const reviewable = await createPackage(db, { plannerId: planner.id, categoryId: category.id });
  const reviewed = await createPackage(db, { plannerId: planner.id, categoryId: category.id });
  const photos = await db
    .insert(packageImages)
    .values([0, 1].map((position) => ({ packageId: pkg.id, position, storageKey: crypto.randomUUID() })))
    .returning();
  const pending = await createBookingRow(db, {
    clientId: client.id,
    packageId: pkg.id,
    plannerId: planner.id,
  });
  // With the planner's offer waiting for the client's answer, for a day the planner has free.
  await db
    .update(bookings)
    .set({
      quoteStatus: 'offered',
      quotePriceCents: 90_000,
      quoteDepositPercent: 20,
      quoteMessage: '',
      quoteEventDate: nairobiDayFromToday(75),
      quoteExpiresAt: new Date(Date.now() + 86_400_000),
      quoteCreatedAt: new Date(),
    })
    .where(eq(bookings.id, pending.id));
  // On its event day: its planner and an admin may mark it completed.
  const accepted = await createBookingRow(db, {
    clientId: client.id,
    packageId: other.id,
    plannerId: planner.id,
    status: 'accepted',
    eventDate: nairobiDayFromToday(0),
  });
  await createBookingRow(db, {
    clientId: client.id,
    packageId: reviewable.id,
    plannerId: planner.id,
    status: 'completed',
  });
  const completed = await createBookingRow(db, {
    clientId: client.id,
    packageId: reviewed.id,
    plannerId: planner.id,
    status: 'completed',
  });
  const [review] = await db
    .insert(reviews)
    // Answered by its planner, so that the reply may be removed.
    .values({
      packageId: reviewed.id,
      clientId: client.id,
      rating: 4,
      replyText: 'Thank you',
      replyCreatedAt: new Date(),
      replyUpdatedAt: new Date(),
    })
    .returning();
  const failedJobId = await insertJob(db, {
    kind: 'mail',
    payload: { to: bystander.email, subject: 'Kept', text: 'Kept', html: '<p>Kept</p>' },
  });
  await db.update(jobs).set({ status: 'failed', lastError: 'refused' }).where(eq(jobs.id, failedJobId!));
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId: accepted.id,
      userId: client.id,
      purpose: 'deposit',
      method: 'card',
      amount: 30,
      status: 'failed',
    })
    .returning();
  const paid = await createPaymentRow(db, {
    bookingId: completed.id,
    userId: client.id,
    status: 'succeeded',
  });
  // Never sent to a provider (no reference yet): a check asks nobody and leaves it pending.
  const waiting = await createPaymentRow(db, { bookingId: pending.id, userId: client.id });
  // The planner's earnings from the completed booking, payable (its day long past): a payout may be recorded.
  await db.update(bookings).set({ eventDate: '2020-01-04' }).where(eq(bookings.id, completed.id));
  await db.insert(ledgerEntries).values({
    kind: 'payment',
    plannerId: planner.id,
    bookingId: completed.id,
    paymentId: paid.id,
    amount: paid.amount,
  });
  await db.insert(availabilityBlocks).values({ plannerId: planner.id, day: blockedDay, note: 'Away' });
  const feedToken = `matrixFeedToken${n}`.padEnd(43, 'x');
  await db.insert(calendarFeeds).values({ userId: client.id, token: feedToken });
  const storageKey = await t.app.attachmentStore.put({ body: png, thumb: png });
  const [message] = await db
    .insert(chatMessages)
    .values({ bookingId: pending.id, senderId: client.id, receiverId: planner.id, content: '' })
    .returning();
  const [attachment] = await db
    .insert(attachments)
    .values({
      bookingId: pending.id,
      uploaderId: client.id,
      messageId: message!.id,
      name: 'venue.webp',
      type: 'image/webp',
      size: png.length,
      storageKey,
    })
    .returning();
  const [contact] = await db
    .insert(contactMessages)
    .values({ userId: client.id, name: 'Client', email: client.email, message: 'A question.' })
    .returning();
  return {
    attachmentId: attachment!.id,
    contactMessageId: contact!.id,
    feedToken,
    paymentId: payment!.id,
    paidPaymentId: paid.id,
    pendingPaymentId: waiting.id,
    blockedDay,
    failedJobId: failedJobId!,
    users: { client, otherClient, planner, otherPlanner, admin },
    bystander,
    categoryId: category.id,
    unusedCategoryId: unused.id,
    packageId: pkg.id,
    otherPackageId: other.id,
    reviewablePackageId: reviewable.id,
    photoId: photos[0]!.id,
    pendingBookingId: pending.id,
    acceptedBookingId: accepted.id,
    reviewId: review!.id,
    png,
    n,
  };
}

const future = nairobiDayFromToday(30);
const blockedDay = nairobiDayFromToday(45);
const packageForm = (w: World) =>
  form(
    { title: `Matrix ${w.n}`, description: 'd', price: '100', category: w.categoryId, location: 'Nairobi' },
    { bytes: w.png },
  );

/** The booking's client and planner get `party`, an admin `admin`, other users 404, guests 401. */
const bookingParties = (party: number, admin: number): Expected => ({
  guest: 401,
  client: party,
  otherClient: 404,
  planner: party,
  otherPlanner: 404,
  admin,
});
const pdfForm = () => {
  const data = new FormData();
  data.append(
    'file',
    new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }),
    'menu.pdf',
  );
  return data;
};

interface Row {
  request: (w: World) => Omit<InjectOptions, 'method'>;
  expected: Expected;
}

const ROUTES: Record<string, Row> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expected: all(200) },
  'GET /api/docs': { request: () => ({ url: '/api/docs' }), expected: all(200) },
  'GET /api/docs/static/index.html': {
    request: () => ({ url: '/api/docs/static/index.html' }),
    expected: all(302),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expected: all(200),
  },
  'GET /api/docs/static/*': {
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expected: all(200),
  },
  'GET /api/docs/json': { request: () => ({ url: '/api/docs/json' }), expected: all(200) },
  'GET /api/docs/yaml': { request: () => ({ url: '/api/docs/yaml' }), expected: all(200) },
  'GET /uploads/*': {
    request: () => ({ url: '/uploads/images/00000000-0000-4000-8000-000000000000.webp' }),
    expected: all(404),
  },
  // For crawlers and link previews: public, the same for everyone.
  'GET /robots.txt': { request: () => ({ url: '/robots.txt' }), expected: all(200) },
  'GET /sitemap.xml': { request: () => ({ url: '/sitemap.xml' }), expected: all(200) },
  'GET /sitemaps/:name.xml': { request: () => ({ url: '/sitemaps/pages.xml' }), expected: all(200) },
  // An SMS's short link to a booking: the same redirect for everyone (the dashboard shows the
  // booking to its parties only, and sends a guest through the login).
  'GET /b/:code': {
    request: (w) => ({ url: `/b/${shortBookingCode(w.pendingBookingId)}` }),
    expected: all(302),
  },
  'GET /share/packages/:id.jpg': {
    request: (w) => ({ url: `/share/packages/${w.packageId}.jpg` }),
    expected: all(200),
  },
  'GET /favicon.ico': { request: () => ({ url: '/favicon.ico' }), expected: all(200) },
  'GET /apple-touch-icon.png': { request: () => ({ url: '/apple-touch-icon.png' }), expected: all(200) },
  'POST /api/auth/register': {
    request: (w) => ({
      url: '/api/auth/register',
      payload: {
        username: 'New Person',
        email: `new-${w.n}@example.test`,
        password: 'long-enough',
        role: 'client',
      },
    }),
    expected: all(201),
  },
  'POST /api/auth/login': {
    request: (w) => ({
      url: '/api/auth/login',
      payload: { email: w.bystander.email, password: TEST_PASSWORD },
    }),
    expected: all(200),
  },
  'POST /api/auth/logout': { request: () => ({ url: '/api/auth/logout' }), expected: all(200) },
  'GET /api/auth/is-auth': { request: () => ({ url: '/api/auth/is-auth' }), expected: all(200) },
  'POST /api/auth/request-password-reset': {
    request: (w) => ({ url: '/api/auth/request-password-reset', payload: { email: w.bystander.email } }),
    expected: all(200),
  },
  'POST /api/auth/reset-password': {
    request: () => ({
      url: '/api/auth/reset-password',
      payload: { token: 'z'.repeat(43), newPassword: 'long-enough' },
    }),
    expected: all(400),
  },
  'POST /api/auth/test-email': {
    request: (w) => ({ url: '/api/auth/test-email', payload: { email: `inbox-${w.n}@example.test` } }),
    expected: all(200),
  },
  'GET /api/user/data': { request: () => ({ url: '/api/user/data' }), expected: loggedIn(200) },
  'PATCH /api/user/plan': {
    // Nobody in the world is on Basic: a paid plan is paid for first (402); Free is immediate.
    request: () => ({ url: '/api/user/plan', payload: { planId: 'basic' } }),
    expected: loggedIn(402),
  },
  'PATCH /api/user/profile': {
    request: () => ({ url: '/api/user/profile', payload: { bio: 'Hello' } }),
    expected: loggedIn(200),
  },
  'GET /api/user/notifications': {
    request: () => ({ url: '/api/user/notifications' }),
    expected: loggedIn(200),
  },
  'PATCH /api/user/notifications': {
    request: () => ({ url: '/api/user/notifications', payload: { email: { chat: false } } }),
    expected: loggedIn(200),
  },
  'POST /api/user/profile-picture': {
    request: (w) => ({ url: '/api/user/profile-picture', payload: form({}, { bytes: w.png }) }),
    expected: loggedIn(200),
  },
  'GET /api/user/profile/:userId': {
    request: (w) => ({ url: `/api/user/profile/${w.users.planner.id}` }),
    expected: all(200),
  },
  'GET /api/user': { request: () => ({ url: '/api/user' }), expected: adminOnly(200) },
  'PATCH /api/user/:id/role': {
    request: (w) => ({ url: `/api/user/${w.bystander.id}/role`, payload: { role: 'planner' } }),
    expected: adminOnly(200),
  },
  'PATCH /api/user/:id/plan': {
    request: (w) => ({ url: `/api/user/${w.bystander.id}/plan`, payload: { planId: 'pro' } }),
    expected: adminOnly(200),
  },
  'DELETE /api/user/:id': {
    request: (w) => ({ url: `/api/user/${w.bystander.id}` }),
    expected: adminOnly(200),
  },
  'DELETE /api/user/me': {
    // Each actor deletes their own account, with their password.
    request: () => ({ url: '/api/user/me', payload: { password: TEST_PASSWORD } }),
    expected: loggedIn(200),
  },
  'GET /api/user/me/export': { request: () => ({ url: '/api/user/me/export' }), expected: loggedIn(200) },
  'GET /api/user/phone': { request: () => ({ url: '/api/user/phone' }), expected: loggedIn(200) },
  'POST /api/user/phone/verify/start': {
    // A number of its own per world: at most 3 codes an hour go to one number.
    request: (w) => ({
      url: '/api/user/phone/verify/start',
      payload: { phone: `07${String(w.n).padStart(8, '0')}` },
    }),
    expected: loggedIn(200),
  },
  'POST /api/user/phone/verify': {
    // No code was sent to anyone in the world: each actor's own account is asked, and has none.
    request: () => ({ url: '/api/user/phone/verify', payload: { code: '123456' } }),
    expected: loggedIn(400),
  },
  'DELETE /api/user/phone': { request: () => ({ url: '/api/user/phone' }), expected: loggedIn(200) },
  'GET /api/admin/jobs': {
    request: () => ({ url: '/api/admin/jobs?status=failed' }),
    expected: adminOnly(200),
  },
  'POST /api/admin/jobs/:id/retry': {
    request: (w) => ({ url: `/api/admin/jobs/${w.failedJobId}/retry` }),
    expected: adminOnly(200),
  },
  'GET /api/admin/audit': {
    request: () => ({ url: '/api/admin/audit?action=user.role_changed&from=2020-01-01&page=1' }),
    expected: adminOnly(200),
  },
  'GET /api/plans': { request: () => ({ url: '/api/plans' }), expected: all(200) },
  'GET /api/packages': { request: () => ({ url: '/api/packages?page=1&limit=5' }), expected: all(200) },
  'GET /api/packages/:id': { request: (w) => ({ url: `/api/packages/${w.packageId}` }), expected: all(200) },
  'POST /api/packages/create': {
    request: (w) => ({ url: '/api/packages/create', payload: packageForm(w) }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 201, otherPlanner: 201, admin: 201 },
  },
  'PUT /api/packages/update/:id': {
    request: (w) => ({ url: `/api/packages/update/${w.packageId}`, payload: form({ title: 'Changed' }) }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 403, admin: 200 },
  },
  'POST /api/packages/:id/images': {
    request: (w) => ({ url: `/api/packages/${w.packageId}/images`, payload: form({}, { bytes: w.png }) }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 201, otherPlanner: 403, admin: 201 },
  },
  'DELETE /api/packages/:id/images/:imageId': {
    request: (w) => ({ url: `/api/packages/${w.packageId}/images/${w.photoId}` }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 403, admin: 200 },
  },
  'DELETE /api/packages/delete/:id': {
    request: (w) => ({ url: `/api/packages/delete/${w.packageId}` }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 403, admin: 200 },
  },
  'GET /api/category': { request: () => ({ url: '/api/category' }), expected: all(200) },
  'POST /api/category/create': {
    request: (w) => ({ url: '/api/category/create', payload: { name: `Matrix category ${w.n}` } }),
    expected: adminOnly(201),
  },
  'PUT /api/category/update/:id': {
    request: (w) => ({
      url: `/api/category/update/${w.unusedCategoryId}`,
      payload: { name: `Renamed ${w.n}` },
    }),
    expected: adminOnly(200),
  },
  'DELETE /api/category/delete/:id': {
    request: (w) => ({ url: `/api/category/delete/${w.unusedCategoryId}` }),
    expected: adminOnly(200),
  },
  'POST /api/bookings/create': {
    request: (w) => ({
      url: '/api/bookings/create',
      payload: { package: w.reviewablePackageId, planner: w.users.planner.id, date: future },
    }),
    expected: { guest: 401, client: 201, otherClient: 201, planner: 403, otherPlanner: 403, admin: 201 },
  },
  'POST /api/bookings/enquiries': {
    request: (w) => ({
      url: '/api/bookings/enquiries',
      payload: { planner: w.users.planner.id, message: 'Are you free in March?' },
    }),
    expected: { guest: 401, client: 201, otherClient: 201, planner: 403, otherPlanner: 403, admin: 403 },
  },
  'GET /api/bookings/my': { request: () => ({ url: '/api/bookings/my' }), expected: loggedIn(200) },
  'GET /api/bookings/allowance': {
    request: () => ({ url: '/api/bookings/allowance' }),
    expected: { guest: 401, client: 200, otherClient: 200, planner: 403, otherPlanner: 403, admin: 200 },
  },
  'GET /api/bookings/for-planner': {
    request: () => ({ url: '/api/bookings/for-planner' }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 200, admin: 200 },
  },
  'PATCH /api/bookings/:id': {
    request: (w) => ({ url: `/api/bookings/${w.acceptedBookingId}`, payload: { status: 'completed' } }),
    expected: { guest: 401, client: 409, otherClient: 404, planner: 200, otherPlanner: 404, admin: 200 },
  },
  // Quotes (docs/bookings-and-calendar.md, Quotes): the booking's planner offers, its client answers.
  'POST /api/bookings/:id/quote': {
    request: (w) => ({
      url: `/api/bookings/${w.pendingBookingId}/quote`,
      payload: { price: 800, depositPercent: 25, expiresInDays: 3 },
    }),
    expected: { guest: 401, client: 403, otherClient: 404, planner: 200, otherPlanner: 404, admin: 403 },
  },
  'POST /api/bookings/:id/quote/accept': {
    request: (w) => ({ url: `/api/bookings/${w.pendingBookingId}/quote/accept`, payload: {} }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 403, otherPlanner: 404, admin: 403 },
  },
  'POST /api/bookings/:id/quote/decline': {
    request: (w) => ({ url: `/api/bookings/${w.pendingBookingId}/quote/decline`, payload: {} }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 403, otherPlanner: 404, admin: 403 },
  },
  // Refunds, earnings and payouts (docs/money.md#refunds-the-ledger-and-payouts).
  'GET /api/bookings/:id/refund-preview': {
    request: (w) => ({ url: `/api/bookings/${w.acceptedBookingId}/refund-preview` }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 200, otherPlanner: 404, admin: 200 },
  },
  'GET /api/bookings/:id/refunds': {
    request: (w) => ({ url: `/api/bookings/${w.acceptedBookingId}/refunds` }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 200, otherPlanner: 404, admin: 200 },
  },
  'GET /api/earnings': {
    request: () => ({ url: '/api/earnings' }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 200, admin: 200 },
  },
  'GET /api/payouts': { request: () => ({ url: '/api/payouts' }), expected: adminOnly(200) },
  'POST /api/payouts': {
    request: (w) => ({
      url: '/api/payouts',
      payload: {
        plannerId: w.users.planner.id,
        amount: 100,
        reference: `MTX${String(w.n).padStart(7, '0')}`,
      },
    }),
    expected: adminOnly(201),
  },
  'POST /api/payments': {
    request: (w) => ({
      url: '/api/payments',
      payload: { bookingId: w.acceptedBookingId, purpose: 'deposit', method: 'mpesa', phone: '0712 345 678' },
    }),
    expected: { guest: 401, client: 201, otherClient: 404, planner: 403, otherPlanner: 404, admin: 403 },
  },
  'GET /api/payments': {
    request: (w) => ({ url: `/api/payments?booking=${w.acceptedBookingId}` }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 200, otherPlanner: 404, admin: 200 },
  },
  // The ways of paying offered: the same public answer for everyone (none when payments are off).
  'GET /api/payments/methods': { request: () => ({ url: '/api/payments/methods' }), expected: all(200) },
  'GET /api/payments/:id': {
    request: (w) => ({ url: `/api/payments/${w.paymentId}` }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 200, otherPlanner: 404, admin: 200 },
  },
  'GET /api/payments/:id/receipt': {
    request: (w) => ({ url: `/api/payments/${w.paidPaymentId}/receipt` }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 200, otherPlanner: 404, admin: 200 },
  },
  'POST /api/payments/:id/check': {
    request: (w) => ({ url: `/api/payments/${w.pendingPaymentId}/check` }),
    expected: adminOnly(200),
  },
  // The providers' calls: anyone may knock, and without the secret path or signature nobody gets in.
  'POST /api/payments/mpesa/callback/:secret': {
    request: () => ({
      url: '/api/payments/mpesa/callback/not-the-secret',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    }),
    expected: all(403),
  },
  'POST /api/payments/mpesa/callback/:secret/:paymentId': {
    request: (w) => ({
      url: `/api/payments/mpesa/callback/not-the-secret/${w.pendingPaymentId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    }),
    expected: all(403),
  },
  'POST /api/payments/paystack/webhook': {
    request: () => ({
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"charge.success","data":{}}',
    }),
    expected: all(403),
  },
  // Africa's Talking's calls (docs/notifications.md#sms): anyone may knock, and without the secret path nobody gets in.
  'POST /api/sms/delivery-reports/:secret': {
    request: () => ({
      url: '/api/sms/delivery-reports/not-the-secret',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=ATXid_1&status=Success&phoneNumber=%2B254712345678',
    }),
    expected: all(403),
  },
  'POST /api/sms/inbound/:secret': {
    request: () => ({
      url: '/api/sms/inbound/not-the-secret',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'from=%2B254712345678&to=20880&text=STOP&id=1',
    }),
    expected: all(403),
  },
  // Availability (docs/bookings-and-calendar.md#availability): the public days, and a planner's own blocks (admins may offer
  // packages too, so they have days of their own).
  'GET /api/planners/:id/availability': {
    request: (w) => ({
      url: `/api/planners/${w.users.planner.id}/availability?from=${future}&to=${w.blockedDay}`,
    }),
    expected: all(200),
  },
  'GET /api/availability/blocks': {
    request: () => ({ url: '/api/availability/blocks' }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 200, admin: 200 },
  },
  'POST /api/availability/blocks': {
    request: () => ({ url: '/api/availability/blocks', payload: { date: future, note: 'Matrix' } }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 201, otherPlanner: 201, admin: 201 },
  },
  // Each planner unblocks only their own days: another's block is not theirs to find.
  'DELETE /api/availability/blocks/:date': {
    request: (w) => ({ url: `/api/availability/blocks/${w.blockedDay}` }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 404, admin: 404 },
  },
  'GET /api/calendar/feed': { request: () => ({ url: '/api/calendar/feed' }), expected: loggedIn(200) },
  'POST /api/calendar/feed': { request: () => ({ url: '/api/calendar/feed' }), expected: loggedIn(200) },
  // No session: the secret address is the key, whoever holds it.
  'GET /api/calendar/:token.ics': {
    request: (w) => ({ url: `/api/calendar/${w.feedToken}.ics` }),
    expected: all(200),
  },
  // The booking's two parties only; an admin has no event there.
  'GET /api/bookings/:id/ics': {
    request: (w) => ({ url: `/api/bookings/${w.pendingBookingId}/ics` }),
    expected: { guest: 401, client: 200, otherClient: 404, planner: 200, otherPlanner: 404, admin: 404 },
  },
  'GET /api/reviews/user/:userId': {
    request: (w) => ({ url: `/api/reviews/user/${w.users.planner.id}` }),
    expected: all(200),
  },
  'GET /api/reviews/:id': {
    request: (w) => ({ url: `/api/reviews/${w.packageId}` }),
    expected: all(200),
  },
  'POST /api/reviews': {
    request: (w) => ({ url: '/api/reviews', payload: { package: w.reviewablePackageId, rating: 5 } }),
    expected: { guest: 401, client: 201, otherClient: 403, planner: 403, otherPlanner: 403, admin: 403 },
  },
  'PATCH /api/reviews/:id': {
    request: (w) => ({ url: `/api/reviews/${w.reviewId}`, payload: { rating: 2 } }),
    expected: { guest: 401, client: 200, otherClient: 403, planner: 403, otherPlanner: 403, admin: 403 },
  },
  'DELETE /api/reviews/:id': {
    request: (w) => ({ url: `/api/reviews/${w.reviewId}` }),
    expected: { guest: 401, client: 200, otherClient: 403, planner: 403, otherPlanner: 403, admin: 200 },
  },
  // The reviewed package's planner only (the reply is theirs to write); not even an admin.
  'PUT /api/reviews/:id/reply': {
    request: (w) => ({ url: `/api/reviews/${w.reviewId}/reply`, payload: { text: 'Karibu tena' } }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 403, admin: 403 },
  },
  'DELETE /api/reviews/:id/reply': {
    request: (w) => ({ url: `/api/reviews/${w.reviewId}/reply` }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 204, otherPlanner: 403, admin: 403 },
  },
  'GET /api/analytics/overview': {
    request: () => ({ url: '/api/analytics/overview' }),
    expected: { guest: 401, client: 403, otherClient: 403, planner: 200, otherPlanner: 200, admin: 200 },
  },
  'GET /api/chat/unread': { request: () => ({ url: '/api/chat/unread' }), expected: loggedIn(200) },
  // Chat files (docs/chat-and-files.md#files-in-chat): the booking's two parties; admins may read; anyone else is told nothing.
  'POST /api/bookings/:id/attachments': {
    request: (w) => ({ url: `/api/bookings/${w.pendingBookingId}/attachments`, payload: pdfForm() }),
    expected: bookingParties(201, 404),
  },
  'GET /api/bookings/:id/attachments': {
    request: (w) => ({ url: `/api/bookings/${w.pendingBookingId}/attachments` }),
    expected: bookingParties(200, 200),
  },
  'GET /api/attachments/:id': {
    request: (w) => ({ url: `/api/attachments/${w.attachmentId}` }),
    expected: bookingParties(200, 200),
  },
  'GET /api/attachments/:id/thumbnail': {
    request: (w) => ({ url: `/api/attachments/${w.attachmentId}/thumbnail` }),
    expected: bookingParties(200, 200),
  },
  'POST /api/messages': {
    request: () => ({ url: '/api/messages', payload: { name: 'N', email: 'n@example.test', message: 'Hi' } }),
    expected: { ...loggedIn(201), admin: 403 },
  },
  'GET /api/messages': { request: () => ({ url: '/api/messages' }), expected: adminOnly(200) },
  'PATCH /api/messages/:id': {
    request: (w) => ({ url: `/api/messages/${w.contactMessageId}`, payload: { handled: true } }),
    expected: adminOnly(200),
  },
  'POST /api/messages/:id/answer': {
    request: (w) => ({
      url: `/api/messages/${w.contactMessageId}/answer`,
      payload: { message: 'Thank you.' },
    }),
    expected: adminOnly(200),
  },
};

beforeAll(async () => {
  t = await createTestApp();
  png = await pngImage(64, 64);
});
afterAll(() => t.close());

describe('authorization matrix: every HTTP route', () => {
  it('has a row for every route the server registers', () => {
    const registered = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      // The payment simulator's routes stand in for Daraja and Paystack: not the API, no sessions or
      // roles, their own error bodies, mounted only in simulator mode (never in production). Their
      // tests are in src/payments/simulator/; simulator.plugin.test.ts lists every /__sim/ route, so no
      // other route can hide there.
      .filter((route) => !route.url.startsWith('/__sim/'))
      .map((route) => `${route.method} ${route.url}`);
    const missing = registered.filter((key) => !(key in ROUTES));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const stale = Object.keys(ROUTES).filter((key) => !registered.includes(key));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  const cases = Object.entries(ROUTES).flatMap(([key, row]) =>
    ACTORS.map((actor) => [key, actor, row] as const),
  );
  let address = 0;
  it.each(cases)('%s as %s', async (key, actor, row) => {
    const world = await makeWorld();
    const method = key.split(' ')[0] as InjectOptions['method'];
    const user = actor === 'guest' ? undefined : world.users[actor];
    const request = row.request(world);
    const response = await t.app.inject({
      ...request,
      method,
      headers: { ...(request.headers ?? {}), ...(user?.headers ?? {}) },
      remoteAddress: `10.60.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(row.expected[actor]);
    if (response.statusCode >= 400) {
      expect(response.json()).toMatchObject({
        success: false,
        message: expect.any(String),
        code: expect.any(String),
      });
    }
    if (method === 'GET') {
      const head = await t.app.inject({ ...request, method: 'HEAD', headers: { ...(user?.headers ?? {}) } });
      expect(head.statusCode).toBe(row.expected[actor]);
    }
  });
});

/**
 * `POST /api/payments` also takes a part of the balance (`purpose: 'instalment'` with an amount), once
 * the deposit is paid: the same callers as for the deposit.
 */
describe('authorization matrix: a part of the balance', () => {
  let address = 0;
  it.each(ACTORS)('POST /api/payments (instalment) as %s', async (actor) => {
    const world = await makeWorld();
    const db = t.database.db;
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, world.acceptedBookingId));
    const deposit = depositCents(booking!.priceCents, booking!.depositPercent);
    await createPaymentRow(db, {
      bookingId: booking!.id,
      userId: booking!.clientId,
      status: 'succeeded',
      amount: fromCents(deposit),
    });
    const user = actor === 'guest' ? undefined : world.users[actor];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      payload: {
        bookingId: world.acceptedBookingId,
        purpose: 'instalment',
        // What is left (less than Ksh 1,000 on the world's booking): the only part it may be paid in.
        amount: fromCents(booking!.priceCents - deposit),
        method: 'mpesa',
        phone: '0712 345 678',
      },
      headers: user?.headers ?? {},
      remoteAddress: `10.61.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });
    const expected = {
      guest: 401,
      client: 201,
      otherClient: 404,
      planner: 403,
      otherPlanner: 404,
      admin: 403,
    };
    expect(response.statusCode, response.body.slice(0, 300)).toBe(expected[actor]);
  });
});

/** Socket events: the booking's two parties may use its chat; nobody else; guests cannot connect. */
const EVENTS: Record<
  string,
  { payload: (w: World) => unknown; party: 'ok' | 'refused'; outsider: 'ok' | 'refused' }
> = {
  [ClientEvents.joinRoom]: {
    payload: (w) => ({ bookingId: w.pendingBookingId }),
    party: 'ok',
    outsider: 'refused',
  },
  [ClientEvents.leaveRoom]: {
    payload: (w) => ({ bookingId: w.pendingBookingId }),
    party: 'ok',
    outsider: 'ok',
  },
  [ClientEvents.fetchMessages]: {
    payload: (w) => ({ bookingId: w.pendingBookingId }),
    party: 'ok',
    outsider: 'refused',
  },
  [ClientEvents.markRead]: {
    payload: (w) => ({ bookingId: w.pendingBookingId }),
    party: 'ok',
    outsider: 'refused',
  },
  // Counts only messages to the caller: an outsider learns nothing (always 0).
  [ClientEvents.getUnreadCount]: {
    payload: (w) => ({ bookingId: w.pendingBookingId }),
    party: 'ok',
    outsider: 'ok',
  },
  [ClientEvents.sendMessage]: {
    payload: (w) => ({ bookingId: w.pendingBookingId, receiver: '', content: 'Hello' }),
    party: 'ok',
    outsider: 'refused',
  },
};

describe('authorization matrix: every socket event', () => {
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    url = await listenLocally(t);
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  it('has a row for every client event', () => {
    expect(Object.keys(EVENTS).sort()).toEqual(Object.values(ClientEvents).sort());
  });

  it('refuses a guest connection', async () => {
    const socket = connectSocket(url);
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow(/Unauthorized/);
  });

  const cases = Object.keys(EVENTS).flatMap((event) =>
    (['client', 'otherClient', 'planner', 'otherPlanner', 'admin'] as const).map(
      (actor) => [event, actor] as const,
    ),
  );
  it.each(cases)('%s as %s', async (event, actor) => {
    const world = await makeWorld();
    const user = world.users[actor];
    const socket = connectSocket(url, { token: user.token });
    sockets.push(socket);
    await connected(socket);
    const row = EVENTS[event]!;
    let payload = row.payload(world) as Record<string, unknown>;
    if (event === ClientEvents.sendMessage) {
      const other = actor === 'client' ? world.users.planner.id : world.users.client.id;
      payload = { ...payload, receiver: other };
    }
    const isParty = actor === 'client' || actor === 'planner';
    const expected = isParty ? row.party : row.outsider;
    const answer = await emitAck<unknown>(socket, event, payload);
    const refused =
      typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === false;
    expect(refused ? 'refused' : 'ok', JSON.stringify(answer)).toBe(expected);
    if (event === ClientEvents.getUnreadCount && !isParty) expect(answer).toBe(0);
    socket.disconnect();
  });
});
