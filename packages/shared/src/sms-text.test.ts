import { describe, expect, it } from 'vitest';
import { LANGS } from './i18n';
import { MESSAGES } from './messages';
import { messagesIn } from './messages-sw';
import { formatCents, formatKsh } from './money';
import { SMS_NOTICE_TOPICS, type SmsNoticeKind } from './notifications';
import { fitsOneSms, gsm7Length, isGsm7 } from './sms';
import {
  bookingIdOfShortCode,
  oneSms,
  SMS_PUBLIC_URL_MAX,
  shortBookingCode,
  shortBookingLink,
  toGsm7,
} from './sms-text';

type NoticeText = keyof typeof MESSAGES.smsNotices;

/** The texts of each kind of SMS notice. */
const TEXTS_OF_KIND: Record<SmsNoticeKind, NoticeText[]> = {
  'booking-requested': ['bookingRequested', 'enquiryReceived'],
  'quote-accepted': ['quoteAccepted'],
  'booking-accepted': ['bookingAccepted'],
  'booking-declined': ['bookingDeclined'],
  'quote-received': ['quoteReceived'],
  'payment-confirmed': ['paymentConfirmed'],
  'balance-due': ['balanceDue'],
  'event-tomorrow': ['eventTomorrow'],
  'chat-unread': ['chatUnread'],
};

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('SMS texts', () => {
  it('makes typed text GSM-7', () => {
    expect(toGsm7('“Zoë’s” Łukasz — Ngũgĩ 🎉\nWanjiru\u00a0Events…')).toBe(
      `"Zoe's" Lukasz - Ngugi Wanjiru Events...`,
    );
    expect(isGsm7(toGsm7('日本語 ✨ Ñandú'))).toBe(true);
  });

  it('cuts the longest texts, never the template, until one SMS', () => {
    const message = oneSms(
      (a, b) => `Hi ${a}, about "${b}": https://x.test/b/abc`,
      'N'.repeat(90),
      'T'.repeat(200),
    );
    expect(gsm7Length(message)).toBe(160);
    expect(message).toMatch(/^Hi N{50,}\.\.\., about "T{50,}\.\.\.": https:\/\/x\.test\/b\/abc$/);
    expect(toGsm7('Amélie')).toBe('Amélie');
    expect(oneSms((a) => `Hi ${a}`, 'Amina')).toBe('Hi Amina');
  });

  it('gives every booking a 22-character code that leads back to it, and refuses others', () => {
    const code = shortBookingCode(ID);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(bookingIdOfShortCode(code)).toBe(ID);
    expect(shortBookingLink('https://sherehe.co.ke/', ID)).toBe(`https://sherehe.co.ke/b/${code}`);
    for (const bad of ['', 'short', `${code}x`, `${code.slice(0, 21)}!`, `${code.slice(0, 21)}B`])
      expect(bookingIdOfShortCode(bad)).toBeUndefined();
  });

  it('has a text for every kind of notice, each one GSM-7 SMS in both languages for the worst inputs', () => {
    expect(Object.keys(TEXTS_OF_KIND).sort()).toEqual(Object.keys(SMS_NOTICE_TOPICS).sort());
    expect(Object.values(TEXTS_OF_KIND).flat().sort()).toEqual(Object.keys(MESSAGES.smsNotices).sort());
    // The longest PUBLIC_URL the server sends SMS from.
    const longest = 'https://www.sherehe-events-kenya.co.ke:8443';
    expect(longest).toHaveLength(SMS_PUBLIC_URL_MAX);
    const link = shortBookingLink(longest, ID);
    const names = ['Ø', 'Wanjiru', 'Łukasz Żółć-Ngũgĩ “The Planner” 🎉', 'W'.repeat(80)];
    const titles = ['', 'Harusi', `Zoë’s “dream” wedding — ${'a'.repeat(200)}`, '{[~]}'.repeat(60)];
    const days = ['Sat, 5 Dec 2026', 'Jumamosi, 30 Septemba 2026'];
    let checked = 0;
    for (const lang of LANGS) {
      const texts = messagesIn(lang).smsNotices;
      const amounts = [formatKsh(500, lang), formatCents(999_999_999_99, lang), formatKsh(12_500.5, lang)];
      for (const name of names)
        for (const title of titles)
          for (const amount of amounts)
            for (const day of days) {
              const all = [
                texts.bookingRequested(name, title, link),
                texts.enquiryReceived(name, title, link),
                texts.quoteAccepted(name, title, amount, link),
                texts.bookingAccepted(name, title, day, link),
                texts.bookingDeclined(name, title, link),
                texts.quoteReceived(name, title, amount, link),
                texts.paymentConfirmed(amount, title, link),
                texts.eventTomorrow(title, name, link),
                texts.balanceDue(amount, title, day, link),
                texts.chatUnread(name, title, link),
              ];
              for (const text of all) {
                expect(fitsOneSms(text), `${lang}: ${text}`).toBe(true);
                expect(text).toContain(link);
                checked += 1;
              }
            }
    }
    expect(checked).toBe(2 * 4 * 4 * 3 * 2 * 10);
  });

  it('writes amounts as Ksh 12,500 in both languages', () => {
    const link = shortBookingLink('https://sherehe.co.ke', ID);
    expect(messagesIn('en').smsNotices.paymentConfirmed(formatKsh(12_500, 'en'), 'Harusi', link)).toBe(
      `Sherehe: payment of Ksh 12,500 received for "Harusi". Thank you! ${link}`,
    );
    expect(messagesIn('sw').smsNotices.paymentConfirmed(formatKsh(12_500, 'sw'), 'Harusi', link)).toContain(
      'Ksh 12,500',
    );
  });
});
