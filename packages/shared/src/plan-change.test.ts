import { describe, expect, it } from 'vitest';
import { PLAN_PERIOD_MS, planChange } from './plan-change';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 27, 9, 0, 0);
const pro = (untilMs: number | null) => ({
  planId: 'pro',
  planUntil: untilMs === null ? null : new Date(untilMs),
  price: 25,
});

describe('planChange: what paying for a plan does to the running paid period', () => {
  it('with no paid time running (Free, a period over, no end): 30 days from now', () => {
    const free = { planId: 'free', planUntil: null, price: 0 };
    expect(planChange(free, { planId: 'pro', price: 25 }, now)).toEqual({
      kind: 'new',
      untilMs: now + PLAN_PERIOD_MS,
    });
    expect(planChange(pro(now - 1), { planId: 'pro', price: 25 }, now).kind).toBe('new');
    expect(planChange(pro(null), { planId: 'basic', price: 10 }, now).kind).toBe('new');
  });

  it('the same plan: renewed from the end of the running period', () => {
    expect(planChange(pro(now + 4 * DAY), { planId: 'pro', price: 25 }, now)).toEqual({
      kind: 'renew',
      startsAtMs: now + 4 * DAY,
      untilMs: now + 4 * DAY + PLAN_PERIOD_MS,
    });
  });

  it('an upgrade converts the days left into fewer days of the dearer plan, rounded down to the millisecond', () => {
    const change = planChange(pro(now + 10 * DAY + 1), { planId: 'enterprise', price: 50 }, now);
    expect(change).toEqual({
      kind: 'convert',
      fromPlanId: 'pro',
      extraMs: 5 * DAY,
      extraDays: 5,
      untilMs: now + PLAN_PERIOD_MS + 5 * DAY,
    });
  });

  it('a downgrade converts them into more days of the cheaper plan: nothing paid is lost', () => {
    const change = planChange(pro(now + 10 * DAY), { planId: 'basic', price: 10 }, now);
    expect(change).toMatchObject({ kind: 'convert', extraMs: 25 * DAY, extraDays: 25 });
  });

  it('stays exact where the product passes 2^53 (a period set years ahead by an admin)', () => {
    const remaining = 100 * 365 * DAY + 7;
    const change = planChange(
      { planId: 'enterprise', planUntil: new Date(now + remaining), price: 50.01 },
      { planId: 'pro', price: 25 },
      now,
    );
    expect(change.kind === 'convert' && change.extraMs).toBe(Number((BigInt(remaining) * 5001n) / 2500n));
  });
});
