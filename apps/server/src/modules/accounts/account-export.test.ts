import { PRIVACY_VERSION, TERMS_VERSION } from '@sherehe/shared/legal';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { nairobiDayFromToday } from '../../../test/dates';
import {
  createBookingOf,
  createBookingRow,
  createPackage,
  createPaymentRow,
  createUser,
} from '../../../test/factories';
import { attachments, chatMessages, contactMessages, packageImages, reviews } from '../../db/schema';

const t = useTestApp();

const PASSWORD = 'a-long-enough-password';

/** Signs up through the API, as the web form does: the consents are recorded then. */
async function signUp(role: 'client' | 'planner') {
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: `Wanjiru ${role}`, email, password: PASSWORD, role, locale: 'sw' },
  });
  expect(response.statusCode).toBe(201);
  const { user, token } = response.json();
  return {
    id: user.id as string,
    email,
    token: token as string,
    headers: { authorization: `Bearer ${token}` },
  };
}

describe('GET /api/user/me/export', () => {
  it('gives a person a JSON file of everything held about them, and nothing secret', async () => {
    const db = t.database.db;
    const client = await signUp('client');
    const planner = await createUser(db, { role: 'planner' });
    const { pkg, booking } = await createBookingOf(db, client, planner, {
      status: 'accepted',
      eventDate: nairobiDayFromToday(40),
    });
    const payment = await createPaymentRow(db, {
      bookingId: booking.id,
      userId: client.id,
      status: 'succeeded',
      phone: '254712345678',
    });
    const [message] = await db
      .insert(chatMessages)
      .values({ bookingId: booking.id, senderId: client.id, receiverId: planner.id, content: 'Habari!' })
      .returning();
    const [file] = await db
      .insert(attachments)
      .values({
        bookingId: booking.id,
        uploaderId: client.id,
        messageId: message!.id,
        name: 'menu.pdf',
        type: 'application/pdf',
        size: 10,
        storageKey: 'secret-storage-key',
      })
      .returning();
    await db.insert(reviews).values({ packageId: pkg.id, clientId: client.id, rating: 4, comment: 'Safi' });
    await db
      .insert(contactMessages)
      .values({ userId: client.id, name: 'Wanjiru', email: client.email, message: 'Swali' });

    const response = await t.app.inject({ url: '/api/user/me/export', headers: client.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="sherehe-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['content-disposition']).toContain(nairobiDayFromToday(0));
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(Date.now() - Date.parse(body.exportedAt)).toBeLessThan(60_000);
    expect(body.user).toMatchObject({ id: client.id, email: client.email, role: 'client' });
    expect(body.bookings).toEqual([
      expect.objectContaining({ id: booking.id, side: 'client', status: 'accepted' }),
    ]);
    expect(body.messages).toEqual([
      expect.objectContaining({ id: message!.id, bookingId: booking.id, sent: true, content: 'Habari!' }),
    ]);
    expect(body.attachments).toEqual([
      {
        id: file!.id,
        bookingId: booking.id,
        name: 'menu.pdf',
        type: 'application/pdf',
        url: `${t.config.publicUrl}/api/attachments/${file!.id}`,
      },
    ]);
    expect(body.reviews).toEqual([
      expect.objectContaining({ packageId: pkg.id, rating: 4, comment: 'Safi' }),
    ]);
    expect(body.payments).toEqual([
      expect.objectContaining({ id: payment.id, amount: 3000, status: 'succeeded', phone: '254712345678' }),
    ]);
    expect(body.refunds).toEqual([]);
    expect(body.packages).toEqual([]);
    expect(body.contactMessages).toEqual([expect.objectContaining({ message: 'Swali' })]);
    expect(body.notificationSettings).toEqual({
      locale: 'sw',
      sms: { bookings: true, payments: true, reminders: true, chat: true },
      email: { bookings: true, payments: true, reminders: true, chat: true },
    });
    expect(body.smsMessages).toEqual([]);
    expect(body.consents).toEqual([
      { kind: 'privacy', version: PRIVACY_VERSION, acceptedAt: expect.any(String) },
      { kind: 'terms', version: TERMS_VERSION, acceptedAt: expect.any(String) },
    ]);
    // Nothing secret: no password hash, session token or storage key.
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toContain(client.token);
    expect(response.body).not.toContain('secret-storage-key');
    expect(response.body).not.toMatch(/password|token/i);
  });

  it("a planner's copy holds their packages and the payments on them, without their clients' phones", async () => {
    const db = t.database.db;
    const planner = await signUp('planner');
    const client = await createUser(db, { role: 'client' });
    const pkg = await createPackage(db, { plannerId: planner.id, title: 'Harusi ya pwani' });
    const booking = await createBookingRow(db, {
      clientId: client.id,
      packageId: pkg.id,
      plannerId: planner.id,
      status: 'accepted',
    });
    const payment = await createPaymentRow(db, {
      bookingId: booking.id,
      userId: client.id,
      status: 'succeeded',
      phone: '254700000001',
    });
    const key = crypto.randomUUID();
    await db.insert(packageImages).values({ packageId: pkg.id, position: 0, storageKey: key });
    const body = (await t.app.inject({ url: '/api/user/me/export', headers: planner.headers })).json();
    expect(body.packages).toEqual([
      expect.objectContaining({
        id: pkg.id,
        title: 'Harusi ya pwani',
        images: [t.app.storage.imageUrls(key).full],
      }),
    ]);
    expect(body.bookings).toEqual([expect.objectContaining({ id: booking.id, side: 'planner' })]);
    expect(body.payments).toEqual([expect.objectContaining({ id: payment.id, phone: null })]);
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ url: '/api/user/me/export' })).statusCode).toBe(401);
  });
});
