import { toCents } from './money';

// What paying for a plan does to the running paid period. Apart from plans.ts, whose plan table the
// home page's bundle carries: only the pricing page and the server need this rule.

/** A paid plan is bought for this long: 30 days. */
export const PLAN_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What paying for `next` does to the running period (docs/product-rules.md#changing-plan), the one rule
 * the server applies and the pricing page tells before payment:
 * - `new`: no paid time runs (Free, a period over, or a plan granted without an end): 30 days from now;
 * - `renew`: the same plan runs: its 30 days start when the running period ends (`startsAt`);
 * - `convert`: another paid plan runs (dearer or cheaper): what is left of it is worth
 *   `remaining × its price`, which becomes `extraMs` of the new plan (`remaining × old ÷ new`, in
 *   integer cents and milliseconds, rounded down), added to the new plan's 30 days from now. Nothing
 *   paid is lost: an upgrade gets fewer extra days, a downgrade more.
 * `untilMs` is when the new period ends.
 */
export type PlanChange =
  | { kind: 'new'; untilMs: number }
  | { kind: 'renew'; startsAtMs: number; untilMs: number }
  | { kind: 'convert'; fromPlanId: string; extraMs: number; extraDays: number; untilMs: number };

export function planChange(
  current: { planId: string; planUntil: Date | string | null; price: number },
  next: { planId: string; price: number },
  nowMs: number,
): PlanChange {
  const untilMs = current.planUntil === null ? null : new Date(current.planUntil).getTime();
  const running = untilMs !== null && untilMs > nowMs && current.price > 0;
  if (!running) return { kind: 'new', untilMs: nowMs + PLAN_PERIOD_MS };
  if (current.planId === next.planId)
    return { kind: 'renew', startsAtMs: untilMs, untilMs: untilMs + PLAN_PERIOD_MS };
  const remainingMs = untilMs - nowMs;
  // BigInt: the product may pass 2^53 for a period set far ahead; the quotient is floored exactly.
  const extraMs = Number(
    (BigInt(remainingMs) * BigInt(toCents(current.price))) / BigInt(toCents(next.price)),
  );
  return {
    kind: 'convert',
    fromPlanId: current.planId,
    extraMs,
    extraDays: Math.floor(extraMs / DAY_MS),
    untilMs: nowMs + PLAN_PERIOD_MS + extraMs,
  };
}
