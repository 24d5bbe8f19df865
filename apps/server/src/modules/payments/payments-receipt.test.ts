import { createHash } from 'node:crypto';
import { formatDate, formatDay, formatTime } from '@sherehe/shared/dates';
import { MESSAGES } from '@sherehe/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStarted } from '../../../test/build-app';
import {
  createPaymentRow,
  createUser,
  sessionCookie,
  TEST_PASSWORD,
  type TestUser,
} from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../../test/smtp';
import type { payments } from '../../db/schema';
import {
  acceptedBooking,
  depositPaid,
  paymentRow,
  settled,
  startPayment,
  usePaymentsApp,
  type World,
} from './payments.test-support';

let admin: TestUser;

const smtp = useStarted(startSmtpServer);
const t = usePaymentsApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sherehe <no-reply@sherehe.test>' }));
beforeAll(async () => {
  admin = await createUser(t.database.db, { role: 'admin' });
});

const receipt = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/payments/${id}/receipt`, headers });

/** A deposit paid by M-Pesa on 14 March 2025 at 00:10 in Nairobi (13 March, 21:10 UTC). */
const paidDeposit = (
  w: World,
  values: Partial<Omit<typeof payments.$inferInsert, 'bookingId' | 'userId'>> = {},
) =>
  depositPaid(t, w, {
    createdAt: new Date('2025-03-13T21:08:00Z'),
    completedAt: new Date('2025-03-13T21:10:00Z'),
    ...values,
  });

/** The visible text of a page: tags dropped, entities read back. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');

describe('GET /api/payments/:id/receipt', () => {
  it('is a printable page with every fact of the payment, in Ksh and Nairobi time', async () => {
    const w = await acceptedBooking(t, { title: 'Garden Wedding' });
    const paid = await paidDeposit(w, { receipt: 'SJK4ZQ81PL' });
    const response = await receipt(paid.id, w.client.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = textOf(response.body);
    for (const fact of [
      'Sherehe',
      'Receipt',
      'Receipt number SJK4ZQ81PL',
      'Paid on Fri, 14 Mar 2025 at 00:10 (Nairobi time)',
      'Amount Ksh 3,000',
      'Paid with M-Pesa',
      'Deposit for Garden Wedding',
      'Package Garden Wedding',
      `Event date ${formatDay(w.eventDate)}`,
      `Client ${w.client.username}`,
      `Planner ${w.planner.username}`,
      `Payment id ${paid.id}`,
      MESSAGES.receipts.printHint,
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('names a card payment by its reference, and the balance', async () => {
    const w = await acceptedBooking(t);
    const paid = await paidDeposit(w, {
      purpose: 'balance',
      method: 'card',
      amount: 7000.5,
      receipt: 'T4815162342',
    });
    const text = textOf((await receipt(paid.id, w.planner.headers)).body);
    expect(text).toContain('Receipt number T4815162342');
    expect(text).toContain('Amount Ksh 7,000.50');
    expect(text).toContain('Paid with Card');
    expect(text).toContain(`Balance for ${w.packageTitle}`);
  });

  it('is for the booking’s client and planner and admins, by bearer token or session cookie; 404 for anyone else', async () => {
    const w = await acceptedBooking(t);
    const other = await acceptedBooking(t);
    const paid = await paidDeposit(w);
    for (const user of [w.client, w.planner, admin])
      expect((await receipt(paid.id, user.headers)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: w.client.email, password: TEST_PASSWORD },
    });
    const cookie = sessionCookie(login)!;
    expect((await receipt(paid.id, { cookie })).statusCode).toBe(200);

    for (const user of [other.client, other.planner]) {
      const refused = await receipt(paid.id, user.headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, message: MESSAGES.receipts.notFound });
    }
    expect((await receipt(paid.id)).statusCode).toBe(401);
    expect((await receipt('00000000-0000-4000-8000-000000000000', admin.headers)).statusCode).toBe(404);
  });

  it('does not exist for a payment that has not succeeded', async () => {
    const w = await acceptedBooking(t);
    const pending = await createPaymentRow(t.database.db, { bookingId: w.bookingId, userId: w.client.id });
    const failed = await createPaymentRow(t.database.db, {
      bookingId: w.bookingId,
      userId: w.client.id,
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
    for (const id of [pending.id, failed.id]) {
      const response = await receipt(id, w.client.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: MESSAGES.receipts.notFound });
    }
  });

  it('escapes every value, and allows its own inline style and nothing else (no script at all)', async () => {
    const client = await createUser(t.database.db, { username: 'Amina "<b>bold</b>"' });
    const w = await acceptedBooking(t, { client, title: '<script>alert("x")</script> & Co' });
    const paid = await paidDeposit(w);
    const response = await receipt(paid.id, client.headers);
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('<b>');
    expect(response.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(textOf(response.body)).toContain('Client Amina "<b>bold</b>"');

    const policy = String(response.headers['content-security-policy']);
    const style = response.body.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(policy).toContain(`style-src ${hash}`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('script-src');
    expect(response.body.match(/<style>/g)).toHaveLength(1);
    expect(response.body).not.toMatch(/ style=/);
    // On paper: a print stylesheet that drops what only makes sense on screen.
    expect(style).toContain('@media print');
  });
});

describe('the receipt by email', () => {
  it('tells the client every fact of the receipt over SMTP, with a link to the printable page', async () => {
    const w = await acceptedBooking(t, { title: 'Harambee Day' });
    const started = await startPayment(t, w, { phone: '0712 345 678' });
    const { _id: id } = started.json().payment;
    expect((await settled(t, w, id)).status).toBe('succeeded');
    const row = await paymentRow(t, id);
    const paidAt = row.completedAt!.toISOString();

    const mail = await smtp.waitFor(w.client.email, /Payment received: Harambee Day/);
    const body = decodeQuotedPrintable(mail.raw);
    for (const fact of [
      `Hello ${w.client.username},`,
      `Receipt number: ${row.receipt}`,
      `Paid on: ${formatDate(paidAt)} at ${formatTime(paidAt)} (Nairobi time)`,
      'Amount: Ksh 3,000',
      'Paid with: M-Pesa',
      'For: Deposit',
      'Package: Harambee Day',
      `Event date: ${formatDay(w.eventDate)}`,
      `Client: ${w.client.username}`,
      `Planner: ${w.planner.username}`,
      `Payment id: ${id}`,
      `${t.url}/api/payments/${id}/receipt`,
    ]) {
      expect(body).toContain(fact);
    }
    // The link opens the same receipt.
    const page = await receipt(id, w.client.headers);
    expect(textOf(page.body)).toContain(`Receipt number ${row.receipt}`);
  });
});
