import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, formatUtc, serializeCalendar } from './icalendar';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('escapeText', () => {
  it('puts a backslash before backslashes, semicolons and commas, and writes line breaks as \\n', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('Harusi: Wanjiku & Otieno')).toBe('Harusi: Wanjiku & Otieno');
  });

  it('drops control characters TEXT may not hold, and keeps tabs', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007f')).toBe('abc\td');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds a long line into lines of at most 75 octets, each continuation starting with a space', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBe(3);
    expect(octets(folded[0]!)).toBe(75);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('never cuts a multi-byte character in two', () => {
    // Two-, three- and four-byte characters: é, ₭ (U+20AD), 🎉 (U+1F389), and a flag of two code points.
    const line = `SUMMARY:${'Sherehe é ₭ 🎉 🇰🇪 '.repeat(12)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(4);
    for (const part of folded) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A cut character would decode to U+FFFD when the part is read on its own.
      expect(Buffer.from(part, 'utf8').toString('utf8')).not.toContain('\uFFFD');
      expect(part).not.toMatch(/[\uD800-\uDBFF]$/);
    }
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('serializeCalendar', () => {
  const calendar = serializeCalendar({
    productId: '-//Sherehe//Test//EN',
    name: 'Test calendar',
    events: [
      {
        uid: 'b1@sherehe.test',
        stamp: new Date('2026-03-01T10:20:30.456Z'),
        day: '2022-12-31',
        summary:
          'Harusi; Wanjiku, Otieno\\ and 🎉 a very long title that has to be folded over more than one line',
        description: 'First line\nSecond line',
        location: 'Nairobi, Kenya',
        url: 'https://sherehe.test/dashboard/bookings',
        status: 'CANCELLED',
        sequence: 2,
      },
    ],
  });

  it('ends every line with CRLF and keeps every line within 75 octets', () => {
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of calendar.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('writes an all-day event that a real parser reads back as it was given', () => {
    const component = new ICAL.Component(ICAL.parse(calendar));
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe('Test calendar');
    const [vevent] = component.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe('b1@sherehe.test');
    expect(event.summary).toBe(
      'Harusi; Wanjiku, Otieno\\ and 🎉 a very long title that has to be folded over more than one line',
    );
    expect(event.description).toBe('First line\nSecond line');
    expect(event.location).toBe('Nairobi, Kenya');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2022-12-31');
    expect(event.endDate.toString()).toBe('2023-01-01');
    expect(event.sequence).toBe(2);
    expect(vevent!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent!.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-03-01T10:20:30Z');
  });

  it('writes UTC moments without their milliseconds', () => {
    expect(formatUtc(new Date('2026-03-01T10:20:30.456Z'))).toBe('20260301T102030Z');
  });
});
