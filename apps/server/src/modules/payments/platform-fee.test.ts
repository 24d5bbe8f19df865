import { describe, expect, it } from 'vitest';
import { platformFee } from './payments.service';

describe('platformFee: the platform’s share of a payment, in whole cents', () => {
  it('takes the percentage of whole amounts exactly', () => {
    expect(platformFee(300_000, 1000)).toBe(30_000); // 10 % of Ksh 3,000 is Ksh 300
    expect(platformFee(700_000, 1250)).toBe(87_500); // 12.5 % of Ksh 7,000 is Ksh 875
    expect(platformFee(300_000, 0)).toBe(0);
    expect(platformFee(300_000, 10_000)).toBe(300_000);
  });

  it('rounds half a cent up and less than half down', () => {
    expect(platformFee(5, 1000)).toBe(1); // 0.5 cent → 1
    expect(platformFee(4, 1000)).toBe(0); // 0.4 cent → 0
    expect(platformFee(123_455, 1000)).toBe(12_346); // Ksh 1,234.55 → Ksh 123.455 → Ksh 123.46
    expect(platformFee(123_454, 1000)).toBe(12_345); // Ksh 1,234.54 → Ksh 123.454 → Ksh 123.45
    expect(platformFee(333, 1050)).toBe(35); // 10.5 % of 333 cents is 34.965 → 35
  });

  it('stays exact for amounts where floating-point percentages drift', () => {
    // In floats 10 % of Ksh 0.35 is 0.034999999999999996, which rounds to 3 cents; exactly it is 3.5 → 4.
    expect(platformFee(35, 1000)).toBe(4);
    expect(platformFee(1_000_000_000, 1000)).toBe(100_000_000);
  });
});
