import { describe, expect, it } from 'vitest';
import {
  instalmentLeastCents,
  instalmentMostCents,
  instalmentRefusal,
  MIN_INSTALMENT_CENTS,
} from './payments';
import { refundsFor } from './refunds';

describe('a part of the balance (an instalment)', () => {
  it('is at least Ksh 1,000 and at most what is left, exact to the cent by card', () => {
    expect(MIN_INSTALMENT_CENTS).toBe(100_000);
    expect(instalmentRefusal(100_000, 700_000, 'card')).toBeNull();
    expect(instalmentRefusal(99_999, 700_000, 'card')).toBe('too_small');
    expect(instalmentRefusal(123_456, 700_000, 'card')).toBeNull();
    expect(instalmentRefusal(700_000, 700_000, 'card')).toBeNull();
    expect(instalmentRefusal(700_001, 700_000, 'card')).toBe('too_large');
    expect(instalmentRefusal(100_000, 0, 'card')).toBe('nothing_left');
  });

  it('when less than Ksh 1,000 is left, is exactly what is left', () => {
    expect(instalmentRefusal(49_950, 49_950, 'card')).toBeNull();
    expect(instalmentRefusal(40_000, 49_950, 'card')).toBe('exactly_left');
    expect(instalmentLeastCents(49_950, 'card')).toBe(49_950);
    expect(instalmentMostCents(49_950, 'card')).toBe(49_950);
  });

  it('by M-Pesa is whole shillings, what is left rounded up to the shilling as a balance is', () => {
    expect(instalmentRefusal(150_050, 700_000, 'mpesa')).toBe('whole_shillings');
    expect(instalmentMostCents(49_950, 'mpesa')).toBe(50_000);
    expect(instalmentRefusal(50_000, 49_950, 'mpesa')).toBeNull();
    expect(instalmentRefusal(49_900, 49_950, 'mpesa')).toBe('exactly_left');
    expect(instalmentRefusal(700_100, 700_050, 'mpesa')).toBeNull();
    expect(instalmentRefusal(700_200, 700_050, 'mpesa')).toBe('too_large');
  });

  it('is given back whole with the balance when the deposit is kept', () => {
    const paid = [
      { id: 'd', purpose: 'deposit' as const, amountCents: 300_000 },
      { id: 'i1', purpose: 'instalment' as const, amountCents: 100_000 },
      { id: 'i2', purpose: 'instalment' as const, amountCents: 234_567 },
      { id: 'b', purpose: 'balance' as const, amountCents: 365_433 },
    ];
    expect(refundsFor('balance', paid)).toEqual({ payments: paid.slice(1), totalCents: 700_000 });
    expect(refundsFor('all', paid).totalCents).toBe(1_000_000);
    expect(refundsFor('none', paid)).toEqual({ payments: [], totalCents: 0 });
  });
});
