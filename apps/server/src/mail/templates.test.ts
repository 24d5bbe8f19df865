import { BOOKING_STATUSES } from '@sherehe/shared/booking-status';
import { LANGS } from '@sherehe/shared/i18n';
import { REFUND_RULES } from '@sherehe/shared/refunds';
import { describe, expect, it } from 'vitest';
import {
  balanceReminderMail,
  dayFullDeclinedMail,
  depositReminderMail,
  eventReminderMail,
  requestReminderMail,
} from './calendar-templates';
import type { MailMessage } from './mailer';
import { quoteDeclinedMail, quoteExpiredMail, quoteOfferedMail } from './quote-templates';
import {
  bookingRequestedMail,
  bookingStatusMail,
  contactAnswerMail,
  lateRefundMail,
  passwordResetMail,
  paymentReceiptMail,
  planReminderMail,
  refundMail,
  reviewAskMail,
  testMail,
} from './templates';

// Values with characters HTML must escape, so the snapshots show where each value is escaped.
const to = 'wanjiru@example.com';
const name = 'Wanjiru <Kamau> & "Sons"';
const title = "Harusi ya Pwani's <b>Best</b>";
const day = 'Sat, 14 Dec 2026';
const url = 'https://sherehe.example/bookings?id=1&tab="all"';
const amount = 'Ksh 45,000';

/** Every mail the server sends, in each of its variants, for one language. */
function everyMail(lang: (typeof LANGS)[number]): Record<string, MailMessage> {
  const mails: Record<string, MailMessage> = {
    bookingRequested: bookingRequestedMail({
      to,
      lang,
      plannerName: name,
      clientName: 'Otieno & Co',
      packageTitle: title,
      eventDate: day,
      message: 'Can you do <200> guests?',
      url,
    }),
    bookingRequestedWithoutMessage: bookingRequestedMail({
      to,
      lang,
      plannerName: name,
      clientName: 'Otieno',
      packageTitle: title,
      eventDate: day,
      message: '',
      url,
    }),
    passwordReset: passwordResetMail({ to, lang, name, url }),
    test: testMail({ to, lang }),
    paymentReceipt: paymentReceiptMail({
      to,
      lang,
      name,
      amount,
      title,
      lines: [
        { label: 'Receipt <no>', value: 'QWE123' },
        { label: 'Paid', value: amount },
      ],
      url,
    }),
    planReminder: planReminderMail({ to, lang, name, plan: 'Pro <plan>', endsOn: day, url }),
    contactAnswer: contactAnswerMail({
      to,
      lang,
      name,
      answer: 'Yes, <we> do & more.',
      message: 'Do you "cater"?',
    }),
    dayFullDeclined: dayFullDeclinedMail({ to, lang, name, title, day, url }),
    eventReminder: eventReminderMail({
      to,
      lang,
      name,
      title,
      day,
      otherParty: 'Otieno & Co',
      daysAhead: 3,
      url,
    }),
    eventReminderTomorrow: eventReminderMail({
      to,
      lang,
      name,
      title,
      day,
      otherParty: 'Otieno',
      daysAhead: 1,
      url,
    }),
    requestReminder: requestReminderMail({ to, lang, name, title, day, client: 'Otieno & Co', url }),
    depositReminder: depositReminderMail({ to, lang, name, title, day, amount, url }),
    reviewAsk: reviewAskMail({ to, lang, name, title, day, url }),
    balanceReminder: balanceReminderMail({
      to,
      lang,
      name,
      title,
      day,
      amount,
      dueOn: 'Mon, 7 Dec 2026',
      url,
    }),
    quoteOffered: quoteOfferedMail({
      to,
      lang,
      name,
      title,
      price: amount,
      planner: 'Otieno & Co',
      deposit: 'Ksh 9,000',
      expires: day,
      message: 'Flowers <included> & more.',
      url,
    }),
    quoteOfferedWithoutMessage: quoteOfferedMail({
      to,
      lang,
      name,
      title,
      price: amount,
      planner: 'Otieno',
      deposit: 'Ksh 0',
      expires: day,
      message: '',
      url,
    }),
    quoteDeclined: quoteDeclinedMail({ to, lang, name, title, price: amount, client: 'Otieno & Co', url }),
    quoteExpired: quoteExpiredMail({ to, lang, name, title, price: amount, url }),
  };
  for (const status of BOOKING_STATUSES) {
    const base = { to, lang, name, packageTitle: title, eventDate: day, status, url };
    mails[`bookingStatus.${status}`] = bookingStatusMail(base);
    mails[`bookingStatus.${status}.byClient`] = bookingStatusMail({ ...base, byClient: 'Otieno & Co' });
  }
  for (const rule of REFUND_RULES) {
    mails[`refund.${rule}`] = refundMail({ to, lang, name, title, amount, rule, url });
  }
  for (const plan of [false, true]) {
    mails[`lateRefund.payer.plan=${plan}`] = lateRefundMail({ to, lang, name, title, amount, url, plan });
    mails[`lateRefund.planner.plan=${plan}`] = lateRefundMail({
      to,
      lang,
      name,
      title,
      amount,
      payer: 'Otieno & Co',
      url,
      plan,
    });
  }
  return mails;
}

describe('mail templates', () => {
  // The snapshots hold each mail's address, subject, plain text and HTML as sent: a change to how
  // templates are put together must leave every one of them byte for byte the same.
  it.each(LANGS)('every mail in %s is sent as before', (lang) => {
    expect(everyMail(lang)).toMatchSnapshot();
  });
});
