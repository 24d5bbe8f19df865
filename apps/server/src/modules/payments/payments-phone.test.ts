import { MESSAGES } from '@sherehe/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../test/checksum';
import { payments } from '../../db/schema';
import {
  acceptedBooking,
  paymentRow,
  settled,
  startPayment,
  usePaymentsApp,
  type World,
} from './payments.test-support';

/**
 * The phone an M-Pesa payment prompts (docs/money.md#phone-numbers): the one in the request, else the payer's profile
 * phone, stored and sent as 2547…/2541…; without either, or written in a way that is not a Kenyan
 * mobile number, the request is refused before anything is stored or any phone is prompted.
 */

const t = usePaymentsApp();

const setProfilePhone = async (w: World, phoneNumber: string) => {
  const answer = await t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    headers: w.client.headers,
    payload: { phoneNumber },
  });
  expect(answer.statusCode).toBe(200);
};

const paymentsOf = (w: World) =>
  t.database.db.select().from(payments).where(eq(payments.bookingId, w.bookingId));

describe('the phone of an M-Pesa payment', () => {
  it("is the client's profile phone when the request names none, and that phone is prompted", async () => {
    const w = await acceptedBooking(t);
    // The simulator's answer follows the last four digits: 1032 is a prompt cancelled on that phone.
    await setProfilePhone(w, '0712 341 032');
    const started = await startPayment(t, w);
    expect(started.statusCode).toBe(201);
    const { payment } = started.json();
    expect((await paymentRow(t, payment._id)).phone).toBe('254712341032');
    // The answer names the phone prompted, so the payer is told where to look.
    expect(payment.phone).toBe('254712341032');
    expect(await settled(t, w, payment._id)).toMatchObject({
      status: 'cancelled',
      failureReason: 'cancelled_by_user',
    });
  });

  it('is refused when neither the request nor the profile has one, and nothing is stored', async () => {
    const w = await acceptedBooking(t);
    // A profile phone that is not a Kenyan mobile number (a landline) is no phone to prompt either.
    for (const profilePhone of ['', '020 123 4567']) {
      await setProfilePhone(w, profilePhone);
      const before = await databaseChecksum(t.database);
      const refused = await startPayment(t, w);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'VALIDATION',
        message: MESSAGES.payments.phoneRequired,
        errors: [{ path: 'phone', message: MESSAGES.payments.phoneRequired }],
      });
      expect(await databaseChecksum(t.database)).toBe(before);
    }
    expect(await paymentsOf(w)).toEqual([]);
  });

  it('is refused on the phone field when it is not a Kenyan mobile number, and nothing is stored', async () => {
    const w = await acceptedBooking(t);
    const before = await databaseChecksum(t.database);
    for (const phone of ['0812 345 678', '+255 712 345 678', '0712 345 67', 'call me']) {
      const refused = await startPayment(t, w, { phone });
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json(), phone).toEqual({
        success: false,
        code: 'VALIDATION',
        message: MESSAGES.payments.phoneInvalid,
        errors: [{ path: 'phone', message: MESSAGES.payments.phoneInvalid }],
      });
    }
    // A plan's payment too (the other shape of the body).
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: w.client.headers,
      payload: { planId: 'pro', method: 'mpesa', phone: '0812 345 678' },
    });
    expect(plan.statusCode).toBe(400);
    expect(plan.json()).toMatchObject({
      errors: [{ path: 'phone', message: MESSAGES.payments.phoneInvalid }],
    });
    expect(await paymentsOf(w)).toEqual([]);
    expect(await databaseChecksum(t.database)).toBe(before);
  });

  it('is stored as 2547…/2541… however it was written', async () => {
    for (const [written, stored] of [
      ['+254 722 000 111', '254722000111'],
      ['0110 123 456', '254110123456'],
      ['254 712 345 678', '254712345678'],
    ] as const) {
      const w = await acceptedBooking(t);
      const started = await startPayment(t, w, { phone: written });
      expect(started.statusCode, written).toBe(201);
      expect((await paymentRow(t, started.json().payment._id)).phone, written).toBe(stored);
    }
  });
});
