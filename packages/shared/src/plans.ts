/** The four plans of docs/architecture.md (Plans). `null` means unlimited. */
export const PLAN_NAMES = ['Free', 'Basic', 'Pro', 'Enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanFeatures {
  maxBookingsPerMonth: number | null;
  maxPackages: number | null;
  analytics: boolean;
  featuredListing: boolean;
  prioritySupport: boolean;
}

export interface PlanDefinition {
  /** Stable id, also the `_id` clients see. */
  id: string;
  name: PlanName;
  /** US dollars a month. */
  price: number;
  features: PlanFeatures;
}

export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    features: {
      maxBookingsPerMonth: 1,
      maxPackages: 3,
      analytics: false,
      featuredListing: false,
      prioritySupport: false,
    },
  },
  {
    id: 'basic',
    name: 'Basic',
    price: 10,
    features: {
      maxBookingsPerMonth: 3,
      maxPackages: 10,
      analytics: false,
      featuredListing: false,
      prioritySupport: false,
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 25,
    features: {
      maxBookingsPerMonth: 10,
      maxPackages: 15,
      analytics: true,
      featuredListing: true,
      prioritySupport: false,
    },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 50,
    features: {
      maxBookingsPerMonth: null,
      maxPackages: null,
      analytics: true,
      featuredListing: true,
      prioritySupport: true,
    },
  },
];

export const DEFAULT_PLAN_ID = 'free';

/**
 * The lines a plan card lists: truthy features only; a yes by its name, a number as
 * 'name: value', no limit (null) as 'name: <unlimited>'. The names come from the messages.
 */
export function planFeatureLines(
  features: PlanFeatures,
  names: Record<keyof PlanFeatures, string>,
  unlimited: string,
): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(features)) {
    const name = names[key as keyof PlanFeatures];
    if (value === true) lines.push(name);
    else if (value === null) lines.push(`${name}: ${unlimited}`);
    else if (value) lines.push(`${name}: ${value}`);
  }
  return lines;
}

/**
 * What 30 days of a paid plan cost in Ksh (DESIGN §7): the dollar price × PLAN_KES_PER_USD, worked
 * in cents so it is exact, rounded up to the whole shilling M-Pesa carries.
 */
export function planPriceKes(priceUsd: number, kesPerUsd: number): number {
  return Math.ceil((Math.round(priceUsd * 100) * kesPerUsd) / 100);
}

/** A paid plan is bought for this long (DESIGN §7). */
export const PLAN_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What paying for `next` does to the running period (docs/architecture.md#changing-plan), the one rule
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
    (BigInt(remainingMs) * BigInt(Math.round(current.price * 100))) / BigInt(Math.round(next.price * 100)),
  );
  return {
    kind: 'convert',
    fromPlanId: current.planId,
    extraMs,
    extraDays: Math.floor(extraMs / DAY_MS),
    untilMs: nowMs + PLAN_PERIOD_MS + extraMs,
  };
}
