import { describe, expect, it } from 'vitest';
import { CANCELLATION_POLICIES } from './cancellation-policies';
import {
  CANCELLATION_POLICY_DAYS,
  cancellationDeadlines,
  daysBefore,
  feeRefundCents,
  keepsDeposit,
  REFUND_RULES,
  type RefundScope,
  refundRule,
  refundsFor,
} from './refunds';

const event = '2021-03-31';
const dayBefore = (days: number) => {
  const d = new Date(`${event}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

describe('refund policy', () => {
  it('counts calendar days, across months and years', () => {
    expect(daysBefore('2021-03-01', '2021-02-28')).toBe(1);
    expect(daysBefore('2022-01-01', '2021-12-31')).toBe(1);
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

// Every policy x every day from 5 days after the event to 400 before x who cancels: the whole table, checked exhaustively.
describe('cancellation policies', () => {
  const DAYS = Array.from({ length: 406 }, (_, i) => 400 - i); // 400 .. -5
  const WHO = ['client', 'planner', 'admin'] as const;
  const GENEROSITY: Record<RefundScope, number> = { none: 0, balance: 1, all: 2 };
  /** The table as written in docs/money.md: [everything back from, deposit kept from] days before. */
  const TABLE = {
    flexible: { all: 7, balance: Number.NEGATIVE_INFINITY },
    moderate: { all: 30, balance: 7 },
    strict: { all: 90, balance: 30 },
  };
  const expected = (policy: keyof typeof TABLE, days: number): RefundScope =>
    days >= TABLE[policy].all ? 'all' : days >= TABLE[policy].balance ? 'balance' : 'none';

  it('follows the table for a client, and always gives everything back when a planner or admin cancels', () => {
    for (const policy of CANCELLATION_POLICIES)
      for (const days of DAYS)
        for (const cancelledBy of WHO) {
          const decided = refundRule({ cancelledBy, eventDate: event, today: dayBefore(days), policy });
          if (cancelledBy === 'client')
            expect(decided.scope, `${policy} ${days}`).toBe(expected(policy, days));
          else
            expect(decided, `${policy} ${days} ${cancelledBy}`).toEqual({
              rule: 'cancelled_by_planner',
              scope: 'all',
            });
        }
  });

  it('never gives back less for cancelling earlier', () => {
    for (const policy of CANCELLATION_POLICIES)
      for (const cancelledBy of WHO)
        for (const days of DAYS.slice(1)) {
          const scope = (d: number) =>
            refundRule({ cancelledBy, eventDate: event, today: dayBefore(d), policy }).scope;
          expect(GENEROSITY[scope(days + 1)]).toBeGreaterThanOrEqual(GENEROSITY[scope(days)]);
        }
  });

  it("names each policy's own rule, and the moderate one when no policy is given", () => {
    const rule = (policy: (typeof CANCELLATION_POLICIES)[number] | undefined, days: number) =>
      refundRule({ cancelledBy: 'client', eventDate: event, today: dayBefore(days), policy }).rule;
    expect(rule('flexible', 7)).toBe('client_flexible_7_days_or_more');
    expect(rule('flexible', 6)).toBe('client_flexible_under_7_days');
    expect(rule('flexible', -5)).toBe('client_flexible_under_7_days');
    expect(rule('strict', 90)).toBe('client_strict_90_days_or_more');
    expect(rule('strict', 89)).toBe('client_strict_30_to_89_days');
    expect(rule('strict', 30)).toBe('client_strict_30_to_89_days');
    expect(rule('strict', 29)).toBe('client_strict_under_30_days');
    for (const days of DAYS) expect(rule(undefined, days)).toBe(rule('moderate', days));
    expect(rule('moderate', 30)).toBe('client_30_days_or_more');
    // The rules that keep the deposit are exactly each policy's middle band.
    const kept = REFUND_RULES.filter(keepsDeposit);
    expect(kept.sort()).toEqual(
      ['client_7_to_29_days', 'client_flexible_under_7_days', 'client_strict_30_to_89_days'].sort(),
    );
  });

  it('gives the last day of each band, which the rule agrees with on that day and the next', () => {
    expect(cancellationDeadlines('flexible', event)).toEqual({
      fullRefundUntil: '2021-03-24',
      depositKeptUntil: null,
    });
    expect(cancellationDeadlines('moderate', event)).toEqual({
      fullRefundUntil: '2021-03-01',
      depositKeptUntil: '2021-03-24',
    });
    expect(cancellationDeadlines('strict', event)).toEqual({
      fullRefundUntil: '2020-12-31',
      depositKeptUntil: '2021-03-01',
    });
    for (const policy of CANCELLATION_POLICIES) {
      const { fullRefundUntil, depositKeptUntil } = cancellationDeadlines(policy, event);
      const scopeOn = (today: string) =>
        refundRule({ cancelledBy: 'client', eventDate: event, today, policy }).scope;
      expect(scopeOn(fullRefundUntil)).toBe('all');
      expect(scopeOn(dayBefore(daysBefore(event, fullRefundUntil) - 1))).toBe('balance');
      expect(daysBefore(event, fullRefundUntil)).toBe(CANCELLATION_POLICY_DAYS[policy].fullRefundDays);
      if (depositKeptUntil) {
        expect(scopeOn(depositKeptUntil)).toBe('balance');
        expect(scopeOn(dayBefore(daysBefore(event, depositKeptUntil) - 1))).toBe('none');
      }
    }
  });
});
