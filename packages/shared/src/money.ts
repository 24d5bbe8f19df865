import { INTL_LOCALE, type Lang } from './i18n';
import { ACTIVE_LANG } from './messages/lang';

/**
 * Money, one type: an integer number of KES cents (docs/money.md#money-in-cents). The database keeps
 * cents in `bigint` columns, the code computes with cents, and the API speaks shillings (a JSON number
 * with at most two decimals). Every conversion between the two, every rounding of money and every
 * share of an amount is written here, once; nothing else multiplies or divides an amount by 100.
 */
export type Cents = number;

const CENTS_PER_SHILLING = 100;

/** A whole number of cents that a JS number holds exactly (up to 2^53 − 1: Ksh 90 trillion). */
export function isCents(value: unknown): value is Cents {
  return Number.isSafeInteger(value);
}

function checked(cents: number, what: unknown): Cents {
  if (!isCents(cents)) throw new RangeError(`Not a whole, safe number of cents: ${String(what)}`);
  return cents;
}

/**
 * The cents of an amount of shillings, when it is exactly one: `amount` is the number a decimal with
 * at most two places reads as (45000.5, 1250.05, 0.3), never a number with more places (45000.505)
 * or float drift (0.1 + 0.2). Undefined otherwise. Exact: the nearest whole cents must read back as
 * the very same number, with no tolerance.
 */
export function centsOf(amount: number): Cents | undefined {
  if (!Number.isFinite(amount)) return undefined;
  const cents = Math.round(amount * CENTS_PER_SHILLING);
  if (!isCents(cents) || cents / CENTS_PER_SHILLING !== amount) return undefined;
  return cents === 0 ? 0 : cents; // never -0
}

/** Whether a number is an amount with at most two decimals, exactly (validators use this). */
export function hasWholeCents(amount: number): boolean {
  return centsOf(amount) !== undefined;
}

/** Shillings (from the API, a form, a setting) to cents, exactly; throws when `amount` is no whole cents. */
export function toCents(amount: number): Cents {
  const cents = centsOf(amount);
  if (cents === undefined) throw new RangeError(`Not an amount in whole cents: ${amount}`);
  return cents;
}

/** Cents to the shillings the API answers (a number with at most two decimals): the only `/ 100`. */
export function fromCents(cents: Cents): number {
  return checked(cents, cents) / CENTS_PER_SHILLING;
}

/** The sum of amounts of shillings (the API's), added as cents: 0.1 + 0.2 is 0.3 here. */
export function sumShillings(amounts: readonly number[]): number {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
}

/** `a − b` of two amounts of shillings (the API's), subtracted as cents. */
export function subtractShillings(a: number, b: number): number {
  return fromCents(toCents(a) - toCents(b));
}

/** A decimal's digits and scale: '-12.5' → { negative, digits: 125n, scale: 1 }; '1e-7' too. */
function decimalParts(text: string): { negative: boolean; digits: bigint; scale: number } | undefined {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const fraction = match[3] ?? '';
  const exponent = Number(match[4] ?? 0);
  let digits = BigInt(`${match[2] || '0'}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: match[1] === '-', digits, scale };
}

/**
 * A decimal text to cents, exactly: what PostgreSQL answers for a `numeric` or a `sum()` of
 * `bigint` cents ('45000.50' shillings with `unit: 'shillings'`; '4500050' cents by default).
 * Throws on more than two decimals of shillings, a fraction of a cent, or a number past 2^53.
 */
export function parseCents(text: string, unit: 'cents' | 'shillings' = 'cents'): Cents {
  const parts = decimalParts(text);
  const shift = unit === 'shillings' ? 2 : 0;
  if (!parts || parts.scale > shift) throw new RangeError(`Not a whole number of cents: ${text}`);
  const cents = parts.digits * 10n ** BigInt(shift - parts.scale);
  return checked(Number(parts.negative ? -cents : cents), text);
}

/**
 * What the database answers for a sum of cents (`sum(bigint)` is a `numeric`, read as a string;
 * `count`-like values may come as numbers or bigints): cents, checked to be whole and safe.
 */
export function centsFromSum(value: string | number | bigint | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return parseCents(value);
  return checked(Number(value), value);
}

/** Cents as the decimal text of shillings a `numeric(…, 2)` column stores: 4500050 → '45000.50'. */
export function centsToDecimal(cents: Cents): string {
  checked(cents, cents);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * The bounds of a price filter given in shillings with any number of decimals, in cents: the least
 * whole cents at or above it (`at least`) and the most at or below it (`at most`), worked on the
 * decimal the number reads as, so `price ≥ 1.1` is `cents ≥ 110`, never 111 by float drift.
 */
export function centsAtLeast(amount: number): Cents {
  return boundCents(amount, 'up');
}
export function centsAtMost(amount: number): Cents {
  return boundCents(amount, 'down');
}
function boundCents(amount: number, direction: 'up' | 'down'): Cents {
  const parts = decimalParts(String(amount));
  if (!parts) throw new RangeError(`Not a number of shillings: ${amount}`);
  const scaled = parts.digits * 10n ** 2n;
  const divisor = 10n ** BigInt(parts.scale);
  const quotient = scaled / divisor;
  const exact = quotient * divisor === scaled;
  // Away from zero or towards it, as the direction and the sign want.
  const magnitude = exact ? quotient : quotient + ((direction === 'up') !== parts.negative ? 1n : 0n);
  return checked(Number(parts.negative ? -magnitude : magnitude), amount);
}

/** Up to the whole shilling (M-Pesa carries whole shillings only): 4500050 → 4500100. */
export function roundUpToShilling(cents: Cents): Cents {
  return Math.ceil(checked(cents, cents) / CENTS_PER_SHILLING) * CENTS_PER_SHILLING;
}

/** Whether cents make whole shillings. */
export function isWholeShillings(cents: Cents): boolean {
  return checked(cents, cents) % CENTS_PER_SHILLING === 0;
}

/** A percentage with at most two decimals (a setting like 10.5) as basis points (1050), exactly. */
export function percentToBasisPoints(percent: number): number {
  return toCents(percent);
}

/** A share of cents in basis points, rounded half up to the cent (the platform fee): integers throughout. */
export function shareOfCents(cents: Cents, basisPoints: number): Cents {
  return Math.floor((checked(cents, cents) * basisPoints + 5000) / 10000);
}

/** A percentage of cents rounded up to the whole shilling (a booking's deposit). */
export function percentOfCentsUpToShilling(cents: Cents, percent: number): Cents {
  return Math.ceil((checked(cents, cents) * percent) / 10000) * CENTS_PER_SHILLING;
}

/**
 * An amount of another currency with at most two decimals (a plan's US dollars) times a whole rate,
 * rounded up to the whole shilling, as cents: $10 at 130 → 1300_00.
 */
export function convertUpToShilling(amount: number, rate: number): Cents {
  return convertCentsUpToShilling(toCents(amount), rate);
}

/** The same from the other currency's cents: 1000 US cents at 130 → 1300_00. */
export function convertCentsUpToShilling(cents: Cents, rate: number): Cents {
  return percentOfCentsUpToShilling(cents, rate * CENTS_PER_SHILLING);
}

/** Made once per language and style: building an Intl formatter costs far more than using one. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Lang, withCents: boolean): Intl.NumberFormat {
  const key = `${lang}:${withCents}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      INTL_LOCALE[lang],
      withCents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * 45000 → 'Ksh 45,000'; 1250.5 → 'Ksh 1,250.50' (docs/architecture.md, Conventions: amounts read `Ksh 45,000`). Cents are
 * shown, always two of them, only when the amount has any.
 */
export function formatKsh(amount: number, lang: Lang = ACTIVE_LANG): string {
  const withCents = Math.round(amount * CENTS_PER_SHILLING) % CENTS_PER_SHILLING !== 0;
  return `Ksh ${numberFormat(lang, withCents).format(amount)}`;
}

/** The same words for an amount in cents: 4500050 → 'Ksh 45,000.50'. */
export function formatCents(cents: Cents, lang: Lang = ACTIVE_LANG): string {
  return formatKsh(fromCents(cents), lang);
}

/** Rounds to whole cents so a price never carries float drift into storage or JSON. */
export function roundToCents(amount: number): number {
  return Math.round(amount * CENTS_PER_SHILLING) / CENTS_PER_SHILLING;
}
