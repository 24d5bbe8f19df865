/**
 * Writing the SMS notices (docs/notifications.md#what-is-sent): names and titles people typed made
 * GSM-7 and cut so that the whole message is one SMS, and the short link to a booking.
 */
import { gsm7Length, SMS_MAX_CHARS } from './sms';

/** Letters GSM-7 lacks, written as it can: curly quotes straight, dashes short, spaces plain. */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\t': ' ',
};

/**
 * `text` in GSM-7 only: typographic quotes and dashes made plain, accents GSM-7 lacks dropped
 * ('Amélie' keeps its é, 'Zoë' → 'Zoe', 'Łukasz' → 'Lukasz', 'Ngũgĩ' → 'Ngugi'), line breaks made spaces, anything else left
 * out (an emoji), spaces squeezed.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n]+/g, ' ')) {
    if (gsm7Length(char) !== undefined) out += char;
    else if (PLAIN[char] !== undefined) out += PLAIN[char];
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      const letter = bare === 'ł' ? 'l' : bare === 'Ł' ? 'L' : bare;
      if (gsm7Length(letter) !== undefined) out += letter;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** `text` cut to at most `max` GSM-7 characters, with '...' when cut. */
function cutTo(text: string, max: number): string {
  if ((gsm7Length(text) ?? Number.POSITIVE_INFINITY) <= max) return text;
  if (max <= 3) return '';
  let out = '';
  for (const char of text) {
    if ((gsm7Length(`${out}${char}`) ?? 0) > max - 3) break;
    out += char;
  }
  return `${out.trimEnd()}...`;
}

/**
 * One SMS from a template and the free texts it names (names, titles): each text made GSM-7, and
 * the longest ones cut until the whole message fits 160 characters. The template's own words, the
 * amounts and the link are never cut.
 */
export function oneSms<T extends string[]>(build: (...texts: T) => string, ...texts: T): string {
  const fields = texts.map(toGsm7) as T;
  for (;;) {
    const message = build(...fields);
    const over = (gsm7Length(message) ?? Number.POSITIVE_INFINITY) - SMS_MAX_CHARS;
    if (over <= 0) return message;
    const lengths = fields.map((field) => gsm7Length(field) ?? 0);
    const length = Math.max(...lengths);
    // Nothing left to cut: the template and its link alone are too long.
    if (length <= 0) return message;
    // The longest first, down to the next longest; texts as long share the cut.
    const longest = lengths.filter((each) => each === length).length;
    const next = Math.max(0, ...lengths.filter((each) => each < length));
    const target = Math.max(length - Math.ceil(over / longest), longest > 1 ? 0 : next);
    const index = lengths.indexOf(length);
    fields[index] = cutTo(fields[index] ?? '', Math.min(target, length - 1));
  }
}

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A booking's id (a uuid) as the 22 characters of its short link. */
export function shortBookingCode(bookingId: string): string {
  const match = UUID.exec(bookingId);
  if (!match) throw new Error(`not a uuid: ${bookingId}`);
  const hex = match.slice(1).join('');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytesToBase64Url(bytes);
}

/** The booking's id a short link's code stands for, or undefined when it is no such code. */
export function bookingIdOfShortCode(code: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(code)) return undefined;
  const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  const hex = [...binary].map((char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // The last character carries 2 spare bits: only one spelling of each id is its code.
  return shortBookingCode(id) === code ? id : undefined;
}

/** The path of a booking's short link (`/b/<code>`), which leads to the booking in the dashboard. */
export const SHORT_BOOKING_PREFIX = '/b/';

/** The short link to a booking: `${publicUrl}/b/<22 characters>`. */
/**
 * The longest PUBLIC_URL the SMS notices are proved to fit one SMS with (their worst-case test): the
 * server refuses to send SMS from a longer one rather than fail the changes the notices tell of.
 */
export const SMS_PUBLIC_URL_MAX = 43;

export function shortBookingLink(publicUrl: string, bookingId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${SHORT_BOOKING_PREFIX}${shortBookingCode(bookingId)}`;
}
