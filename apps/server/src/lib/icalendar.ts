/**
 * A small iCalendar (RFC 5545) writer for the calendar feeds: all-day events only, which is all a
 * booking is. Lines end in CRLF, are folded at 75 octets without splitting a UTF-8 character, and
 * TEXT values are escaped (RFC 5545 §3.1 and §3.3.11).
 */

export type IcsEventStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

export interface IcsEvent {
  /** Globally unique and stable across fetches, so calendars update the event instead of adding one. */
  uid: string;
  /** When the event's information last changed. */
  stamp: Date;
  /** The calendar day, YYYY-MM-DD: written as DTSTART;VALUE=DATE with DTEND the next day. */
  day: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status: IcsEventStatus;
  /** Grows with every change a calendar should take over (RFC 5545 §3.8.7.4). */
  sequence: number;
}

export interface IcsCalendar {
  /** PRODID: who made the document. */
  productId: string;
  /** Shown by calendars as the subscribed calendar's name (X-WR-CALNAME). */
  name?: string;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * A TEXT value escaped: backslash, semicolon and comma get a backslash, a line break becomes `\n`.
 * Other control characters are not allowed in TEXT (RFC 5545 §3.3.11) and are dropped.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

/**
 * One content line folded (RFC 5545 §3.1): no line longer than 75 octets, CRLF excluded; each
 * continuation starts with one space, which counts in its 75. A character is never cut in two.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // The leading space of a continuation line takes one of its octets.
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A moment in UTC as iCalendar writes it: 20261205T093000Z. */
export function formatUtc(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A calendar day as iCalendar writes a DATE: 20261205. */
export function formatDate(day: string): string {
  return day.replace(/-/g, '');
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function eventLines(event: IcsEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `LAST-MODIFIED:${formatUtc(event.stamp)}`,
    `DTSTART;VALUE=DATE:${formatDate(event.day)}`,
    `DTEND;VALUE=DATE:${formatDate(nextDay(event.day))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    // A URI value, not TEXT: not escaped (RFC 5545 §3.3.13).
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    `SEQUENCE:${event.sequence}`,
    'END:VEVENT',
  ];
}

/** The whole document, every line folded and ended by CRLF. */
export function serializeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(calendar.name ? [`X-WR-CALNAME:${escapeText(calendar.name)}`] : []),
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map((line) => `${foldLine(line)}${CRLF}`).join('');
}
