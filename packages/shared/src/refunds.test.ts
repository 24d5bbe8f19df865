import { describe, expect, it } from 'vitest';
import { daysBefore, feeRefundCents, refundRule, refundsFor } from './refunds';

const event = '2030-03-31';
const dayBefore = (days: number) => {
  const d = new Date(`${event}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

describe('refund policy', () => {
  it('counts calendar days, across months and years', () => {
    expect(daysBefore('2030-03-01', '2030-02-28')).toBe(1);
    expect(daysBefore('2031-01-01', '2030-12-31')).toBe(1);
    expect(daysBefore(event, event)).toBe(0);
    expect(daysBefore(event, dayBefore(30))).toBe(30);
  });

  it('gives back everything when the planner or an admin cancels, whenever', () => {
    for (const cancelledBy of ['planner', 'admin'] as const)
      expect(refundRule({ cancelledBy, eventDate: event, today: dayBefore(1) })).toEqual({
        rule: 'cancelled_by_planner',
        scope: 'all',
      });
  });

  it('follows the client thresholds: 30+ days all, 7–29 the deposit is kept, under 7 nothing', () => {
    const rule = (days: number) =>
      refundRule({ cancelledBy: 'client', eventDate: event, today: dayBefore(days) });
    expect(rule(120).scope).toBe('all');
    expect(rule(30)).toEqual({ rule: 'client_30_days_or_more', scope: 'all' });
    expect(rule(29)).toEqual({ rule: 'client_7_to_29_days', scope: 'balance' });
    expect(rule(7)).toEqual({ rule: 'client_7_to_29_days', scope: 'balance' });
    expect(rule(6)).toEqual({ rule: 'client_under_7_days', scope: 'none' });
    expect(rule(0).scope).toBe('none');
  });

  it('refunds whole payments: the balance ones when the deposit is kept', () => {
    const paid = [
      { id: 'd', purpose: 'deposit' as const, amountCents: 300_000 },
      { id: 'b', purpose: 'balance' as const, amountCents: 700_050 },
    ];
    expect(refundsFor('all', paid)).toEqual({ payments: paid, totalCents: 1_000_050 });
    expect(refundsFor('balance', paid)).toEqual({ payments: [paid[1]], totalCents: 700_050 });
    expect(refundsFor('none', paid)).toEqual({ payments: [], totalCents: 0 });
  });

  it('gives the whole fee back with a whole payment, never more than kept with a part', () => {
    expect(feeRefundCents(300_000, 300_000, 30_000)).toBe(30_000);
    expect(feeRefundCents(1, 3, 1)).toBe(0);
    expect(feeRefundCents(150_000, 300_000, 30_001)).toBe(15_000);
  });
});
