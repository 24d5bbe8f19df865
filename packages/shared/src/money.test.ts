import { describe, expect, it } from 'vitest';
import {
  centsAtLeast,
  centsAtMost,
  centsFromSum,
  centsOf,
  centsToDecimal,
  convertUpToShilling,
  formatCents,
  formatKsh,
  fromCents,
  hasWholeCents,
  isWholeShillings,
  parseCents,
  percentOfCentsUpToShilling,
  percentToBasisPoints,
  roundToCents,
  roundUpToShilling,
  shareOfCents,
  subtractShillings,
  sumShillings,
  toCents,
} from './money';

describe('formatKsh', () => {
  it('writes whole shillings without decimals', () => {
    expect(formatKsh(45000)).toBe('Ksh 45,000');
    expect(formatKsh(0)).toBe('Ksh 0');
    expect(formatKsh(1250000)).toBe('Ksh 1,250,000');
  });

  it('writes cents with two digits when there are any', () => {
    expect(formatKsh(55000.5)).toBe('Ksh 55,000.50');
    expect(formatKsh(1250.05)).toBe('Ksh 1,250.05');
    expect(formatKsh(99.99)).toBe('Ksh 99.99');
  });

  it('does not show float drift as cents', () => {
    expect(formatKsh(0.1 + 0.2 - 0.3 + 100)).toBe('Ksh 100');
    expect(formatKsh(roundToCents(19.999))).toBe('Ksh 20');
  });
});

describe('cents: the one money type', () => {
  it('turns shillings with at most two decimals into cents, exactly', () => {
    expect(toCents(45000)).toBe(4_500_000);
    expect(toCents(45000.5)).toBe(4_500_050);
    expect(toCents(1250.05)).toBe(125_005); // 1250.05 * 100 is 125004.99999999999 in floats
    expect(toCents(0.07)).toBe(7); // 0.07 * 100 is 7.000000000000001
    expect(toCents(0.01)).toBe(1);
    expect(toCents(0.3)).toBe(30);
    expect(toCents(1234567.89)).toBe(123_456_789);
    expect(toCents(9_999_999_999.99)).toBe(999_999_999_999);
    expect(toCents(-12.5)).toBe(-1250);
    expect(Object.is(toCents(-0), 0)).toBe(true);
  });

  it('refuses more than two decimals and float drift, with no tolerance', () => {
    expect(centsOf(45000.505)).toBeUndefined();
    expect(centsOf(0.1 + 0.2)).toBeUndefined(); // 0.30000000000000004 is not 0.3
    expect(centsOf(0.001)).toBeUndefined();
    expect(centsOf(5e-324)).toBeUndefined();
    expect(centsOf(Number.NaN)).toBeUndefined();
    expect(centsOf(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(centsOf(1e300)).toBeUndefined();
    expect(hasWholeCents(45000.5)).toBe(true);
    expect(hasWholeCents(45000.505)).toBe(false);
    expect(hasWholeCents(0.1 + 0.2)).toBe(false);
    expect(hasWholeCents(0.1 * 3)).toBe(false);
    expect(hasWholeCents(10.5)).toBe(true);
    expect(() => toCents(0.001)).toThrow(RangeError);
  });

  it('answers shillings from cents', () => {
    expect(fromCents(4_500_050)).toBe(45000.5);
    expect(fromCents(125_005)).toBe(1250.05);
    expect(fromCents(-30_000)).toBe(-300);
    expect(() => fromCents(0.5)).toThrow(RangeError);
    expect(() => fromCents(2 ** 53)).toThrow(RangeError);
    for (const cents of [1, 7, 29, 30, 99, 101, 125_005, 123_456_789, 999_999_999_999]) {
      expect(toCents(fromCents(cents))).toBe(cents);
    }
  });

  it('reads the database’s decimal texts and sums exactly', () => {
    expect(parseCents('4500050')).toBe(4_500_050);
    expect(parseCents('-300')).toBe(-300);
    expect(parseCents('45000.50', 'shillings')).toBe(4_500_050);
    expect(parseCents('0.01', 'shillings')).toBe(1);
    expect(parseCents('9999999999.99', 'shillings')).toBe(999_999_999_999);
    expect(parseCents('12', 'shillings')).toBe(1200);
    expect(() => parseCents('12.345', 'shillings')).toThrow(RangeError);
    expect(() => parseCents('12.5')).toThrow(RangeError);
    expect(() => parseCents('9007199254740993')).toThrow(RangeError);
    expect(() => parseCents('abc')).toThrow(RangeError);
    expect(centsFromSum('123456789012')).toBe(123_456_789_012);
    expect(centsFromSum(null)).toBe(0);
    expect(centsFromSum(12n)).toBe(12);
    expect(centsToDecimal(4_500_050)).toBe('45000.50');
    expect(centsToDecimal(1)).toBe('0.01');
    expect(centsToDecimal(-30)).toBe('-0.30');
    expect(centsToDecimal(0)).toBe('0.00');
  });

  it('bounds a price filter on the decimal it reads as', () => {
    expect(centsAtLeast(1.1)).toBe(110); // 1.1 * 100 is 110.00000000000001
    expect(centsAtMost(1.1)).toBe(110);
    expect(centsAtLeast(100.123)).toBe(10_013);
    expect(centsAtMost(100.127)).toBe(10_012);
    expect(centsAtLeast(0)).toBe(0);
    expect(centsAtLeast(1e-7)).toBe(1);
    expect(centsAtMost(1e-7)).toBe(0);
    expect(centsAtMost(9_999_999_999.99)).toBe(999_999_999_999);
  });

  it('rounds and shares on integers', () => {
    expect(roundUpToShilling(4_500_050)).toBe(4_500_100);
    expect(roundUpToShilling(4_500_000)).toBe(4_500_000);
    expect(isWholeShillings(4_500_000)).toBe(true);
    expect(isWholeShillings(4_500_001)).toBe(false);
    expect(percentToBasisPoints(10)).toBe(1000);
    expect(percentToBasisPoints(10.5)).toBe(1050);
    expect(shareOfCents(35, 1000)).toBe(4); // 3.5 cents, half up
    expect(shareOfCents(333, 1050)).toBe(35);
    expect(percentOfCentsUpToShilling(99_900, 30)).toBe(30_000); // Ksh 299.70 → 300
    expect(percentOfCentsUpToShilling(100_000, 30)).toBe(30_000);
    expect(convertUpToShilling(10, 130)).toBe(130_000);
    expect(convertUpToShilling(0.99, 129)).toBe(12_800); // Ksh 127.71 → 128
    expect(formatCents(4_500_050)).toBe('Ksh 45,000.50');
    expect(formatCents(4_500_000)).toBe('Ksh 45,000');
  });
});

describe('sums and differences of the API’s shillings', () => {
  it('adds and subtracts as cents', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumShillings([0.1, 0.2])).toBe(0.3);
    expect(sumShillings([])).toBe(0);
    expect(sumShillings([45000.5, 1234567.89, 0.01])).toBe(1279568.4);
    expect(subtractShillings(1000.3, 300.1)).toBe(700.2); // 700.1999999999999 in floats
  });
});
