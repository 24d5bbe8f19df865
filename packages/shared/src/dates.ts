import { INTL_LOCALE, type Lang } from './i18n';
import { ACTIVE_LANG } from './messages/lang';

/** Kenya's time zone: "today" and "this month" are reckoned here (docs/product-rules.md, Dates, money and demo data). */
export const APP_TIME_ZONE = 'Africa/Nairobi';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Made once: building an Intl formatter costs far more than using one.
const NAIROBI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar day in Nairobi as YYYY-MM-DD. */
export function todayInNairobi(now: Date = new Date()): string {
  return NAIROBI_DAY.format(now);
}

/** Whether a string is a real calendar day YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The calendar day a booking date names. Clients send midnight UTC of the chosen day
 * ('2026-12-14T00:00:00.000Z', docs/product-spec.md#validation) or the day itself; either way the day is the UTC date part.
 */
export function calendarDayOf(value: string): string | undefined {
  const trimmed = value.trim();
  if (isCalendarDay(trimmed)) return trimmed;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return undefined;
  const date = new Date(trimmed);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC of a calendar day, as the specification's clients send and read booking dates. */
export function dayToIsoMidnight(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** One formatter per language and style, made on first use: building one costs far more than using one. */
function perLang(options: Intl.DateTimeFormatOptions): (lang: Lang) => Intl.DateTimeFormat {
  const made = new Map<Lang, Intl.DateTimeFormat>();
  return (lang) => {
    let formatter = made.get(lang);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(INTL_LOCALE[lang], options);
      made.set(lang, formatter);
    }
    return formatter;
  };
}

const dayFormatter = perLang({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-12-14' → 'Mon, 14 Dec 2026' (docs/architecture.md, Conventions); in Kiswahili 'Jumatatu, 14 Des 2026'. */
export function formatDay(day: string, lang: Lang = ACTIVE_LANG): string {
  return dayFormatter(lang).format(new Date(`${day}T00:00:00Z`));
}

const timestampFormatter = perLang({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: APP_TIME_ZONE,
});

/** An instant shown as its day in Nairobi: 'Mon, 14 Dec 2026'. */
export function formatDate(iso: string, lang: Lang = ACTIVE_LANG): string {
  return timestampFormatter(lang).format(new Date(iso));
}

const timeOfDayFormatter = perLang({
  hour: '2-digit',
  minute: '2-digit',
  timeZone: APP_TIME_ZONE,
});

/** An instant's time of day in Nairobi: '12:30'. */
export function formatTime(iso: string, lang: Lang = ACTIVE_LANG): string {
  return timeOfDayFormatter(lang).format(new Date(iso));
}
