import { describe, expect, it } from 'vitest';
import { bookingMoney, depositAmount } from './payments';

describe('depositAmount', () => {
  it('is whole shillings rounded up, without float drift', () => {
    expect(depositAmount(1000, 30)).toBe(300);
    expect(depositAmount(999, 30)).toBe(300); // 299.7 → 300
    expect(depositAmount(250000, 0)).toBe(0);
    expect(depositAmount(250000.5, 100)).toBe(250001);
  });
});

describe('bookingMoney', () => {
  const base = { price: 10000, depositPercent: 30, eventDate: '2030-06-20', today: '2030-01-01' };
  it('derives the status from what was paid', () => {
    expect(bookingMoney({ ...base, amountPaid: 0 })).toEqual({
      depositAmount: 3000,
      amountPaid: 0,
      amountRefunded: 0,
      balanceDue: 10000,
      paymentStatus: 'unpaid',
      balanceDueOn: '2030-06-13',
    });
    expect(bookingMoney({ ...base, amountPaid: 3000 }).paymentStatus).toBe('deposit_paid');
    expect(bookingMoney({ ...base, amountPaid: 10000 })).toMatchObject({
      paymentStatus: 'paid',
      balanceDue: 0,
    });
  });
  it('says refunded or partly refunded once refunds have succeeded', () => {
    expect(bookingMoney({ ...base, amountPaid: 3000, amountRefunded: 3000 }).paymentStatus).toBe('refunded');
    expect(bookingMoney({ ...base, amountPaid: 10000, amountRefunded: 7000 })).toMatchObject({
      paymentStatus: 'partially_refunded',
      amountRefunded: 7000,
    });
  });
  it('makes the balance due today when the event is closer than a week', () => {
    expect(bookingMoney({ ...base, amountPaid: 0, today: '2030-06-18' }).balanceDueOn).toBe('2030-06-18');
  });
});
