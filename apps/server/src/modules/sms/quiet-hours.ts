import type { QuietHours } from '../../config';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Kenya keeps East Africa Time, UTC+3, all year: no summer time to follow. */
const NAIROBI_OFFSET_MS = 3 * 60 * MINUTE_MS;

/** The moment Nairobi's day of `now` began (00:00 EAT). */
export function nairobiDayStart(now: Date): Date {
  const local = now.getTime() + NAIROBI_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - NAIROBI_OFFSET_MS);
}

/**
 * When the quiet hours `now` falls in end, on Nairobi clocks; undefined when `now` is outside them
 * (or there are none). Hours that cross midnight (21:00-07:00) end the next morning.
 */
export function quietHoursEnd(now: Date, quiet: QuietHours | undefined): Date | undefined {
  if (!quiet) return undefined;
  const dayStart = nairobiDayStart(now).getTime();
  const minute = (now.getTime() - dayStart) / MINUTE_MS;
  const { startMinute: start, endMinute: end } = quiet;
  const quietNow = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quietNow) return undefined;
  const endToday = dayStart + end * MINUTE_MS;
  return new Date(endToday > now.getTime() ? endToday : endToday + DAY_MS);
}
