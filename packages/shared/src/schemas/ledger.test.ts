import { describe, expect, it } from 'vitest';
import { recordPayoutBodySchema } from './ledger';

const body = (amount: number) => ({
  plannerId: '0b6c9d52-3f5e-4b1a-9c1d-2f3e4a5b6c7d',
  amount,
  reference: 'QFT4XYZ123',
});
const accepts = (amount: number) => recordPayoutBodySchema.safeParse(body(amount)).success;

describe('a payout’s amount: whole cents, checked exactly', () => {
  it('accepts shillings with at most two decimals', () => {
    for (const amount of [0.01, 0.3, 1, 1250.05, 45000.5, 99.99, 100_000_000])
      expect(accepts(amount)).toBe(true);
  });

  it('refuses more decimals, float drift and amounts out of range', () => {
    for (const amount of [45000.505, 0.001, 0.1 + 0.2, 5e-324, 0, -1, 100_000_000.01])
      expect(accepts(amount)).toBe(false);
  });
});
