import { todayInNairobi } from '@sherehe/shared/dates';

/** A calendar day (YYYY-MM-DD) moved by a number of days, across month and year ends. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The calendar day `days` after today in Nairobi, where the server reckons "today" (YYYY-MM-DD).
 * Event dates in tests come from here, never from a fixed year: the server refuses days in the past
 * and days more than three years ahead, so a fixed date makes a test fail by itself one day.
 */
export function nairobiDayFromToday(days: number): string {
  return addDays(todayInNairobi(), days);
}
