import { describe, expect, it } from 'vitest';
import { formatKsh, roundToCents } from './money';

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
