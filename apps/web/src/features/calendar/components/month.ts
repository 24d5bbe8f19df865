import { INTL } from '@/config/lang';

/** Calendar arithmetic on days written YYYY-MM-DD and months written YYYY-MM (no time zone: days are Nairobi's). */

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function isMonth(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0));
  return last.toISOString().slice(0, 10);
}

export function shiftMonth(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

export function addDays(day: string, days: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same day of another month, or that month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(day: string, months: number): string {
  const month = shiftMonth(monthOf(day), months);
  const last = lastDayOf(month);
  const candidate = `${month}-${day.slice(8, 10)}`;
  return candidate > last ? last : candidate;
}

/** Monday 0 … Sunday 6. */
export function weekdayIndex(day: string): number {
  return (utc(day).getUTCDay() + 6) % 7;
}

/** The month's weeks, Monday first; days of the neighbouring months are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = firstDayOf(month);
  const last = lastDayOf(month);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let day = first; day <= last; day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

const monthFormatter = new Intl.DateTimeFormat(INTL, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDayFormatter = new Intl.DateTimeFormat(INTL, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayFormatter = new Intl.DateTimeFormat(INTL, { weekday: 'long', timeZone: 'UTC' });

/** '2026-12' → 'December 2026'. */
export function formatMonth(month: string): string {
  return monthFormatter.format(utc(firstDayOf(month)));
}

/** '2026-12-05' → 'Saturday 5 December 2026'. */
export function formatLongDay(day: string): string {
  return longDayFormatter.format(utc(day)).replace(',', '');
}

/** Monday … Sunday, with their two-letter abbreviations for narrow headers. */
export const WEEKDAYS = Array.from({ length: 7 }, (_, index) => {
  const name = weekdayFormatter.format(utc(addDays('2024-01-01', index)));
  return { name, short: name.slice(0, 2) };
});
