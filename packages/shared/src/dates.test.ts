import { describe, expect, it } from 'vitest';
import { calendarDayOf, formatDate, formatDay, formatTime, isCalendarDay, todayInNairobi } from './dates';

describe('dates', () => {
  it('reckons today in Nairobi, three hours ahead of UTC', () => {
    expect(todayInNairobi(new Date('2026-12-13T20:59:00Z'))).toBe('2026-12-13');
    expect(todayInNairobi(new Date('2026-12-13T21:00:00Z'))).toBe('2026-12-14');
  });

  it('reads the day of a midnight-UTC ISO date or of a bare day', () => {
    expect(calendarDayOf('2026-12-14T00:00:00.000Z')).toBe('2026-12-14');
    expect(calendarDayOf('2026-12-14')).toBe('2026-12-14');
    expect(calendarDayOf('2026-02-30')).toBeUndefined();
    expect(calendarDayOf('next tuesday')).toBeUndefined();
    expect(calendarDayOf('2026-13-01T00:00:00Z')).toBeUndefined();
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
  });

  it('formats a day as docs/architecture.md (Conventions) shows', () => {
    expect(formatDay('2026-12-14')).toBe('Mon, 14 Dec 2026');
  });

  it('writes days and times in Kiswahili as Intl does for sw-KE, English by default', () => {
    expect(formatDay('2025-12-06', 'sw')).toBe('Jumamosi, 6 Des 2025');
    expect(formatDay('2025-12-06', 'en')).toBe('Sat, 6 Dec 2025');
    // 21:30 UTC is already the next day in Nairobi.
    expect(formatDate('2025-12-05T21:30:00.000Z', 'sw')).toBe('Jumamosi, 6 Des 2025');
    expect(formatTime('2025-06-14T09:30:00.000Z', 'sw')).toBe('12:30');
  });

  it('shows the time of day of an instant in Nairobi', () => {
    expect(formatTime('2025-06-14T09:30:00.000Z')).toBe('12:30');
    expect(formatTime('2025-06-14T21:05:00.000Z')).toBe('00:05');
  });
});
