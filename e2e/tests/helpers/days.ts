// Days as the tests need them: relative to today in Nairobi (where the server reckons its days),
// never fixed dates, and written as the app writes them.

/** Today in Nairobi (YYYY-MM-DD): the first day a booking of it may be marked completed. */
export function nairobiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
}

/** The day (YYYY-MM-DD) `days` after today in Nairobi. */
export function nairobiDayFromToday(days: number): string {
  const date = new Date(`${nairobiToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The month (YYYY-MM) `months` after this one in Nairobi. */
export function monthFromNow(months: number): string {
  const [year, month] = nairobiToday().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 7);
}

/** A calendar day about a year ahead (YYYY-MM-DD): bookable, and inside the 3-year window. */
export function futureDay(monthDay = '06-15'): string {
  return `${Number(nairobiToday().slice(0, 4)) + 1}-${monthDay}`;
}

/** A day as the app writes it: '2027-06-15' → 'Tue, 15 Jun 2027' ('Jumanne, 15 Jun 2027' in 'sw-KE'). */
export function formatDay(day: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** '2022-12-03' → 'Saturday 3 December 2022', as the calendar names days. */
export function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(',', '');
}

/** The month of a day or a month ('2022-12-03' or '2022-12') as the calendar names it: 'December 2022'. */
export function monthName(dayOrMonth: string): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${dayOrMonth.slice(0, 7)}-01T00:00:00Z`),
  );
}
