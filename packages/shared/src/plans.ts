import { type Cents, convertCentsUpToShilling, fromCents, toCents } from './money';

/** The four plans of docs/product-rules.md (Plans). `null` means unlimited. */
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
 * What 30 days of a paid plan cost in Ksh (docs/product-rules.md#changing-plan): the dollar price × PLAN_KES_PER_USD, worked
 * in cents so it is exact, rounded up to the whole shilling M-Pesa carries.
 */
export function planPriceKes(priceUsd: number, kesPerUsd: number): number {
  return fromCents(planPriceKesCents(toCents(priceUsd), kesPerUsd));
}

/** The same from the plan's price in US cents, as Ksh cents (whole shillings). */
export function planPriceKesCents(priceUsdCents: Cents, kesPerUsd: number): Cents {
  return convertCentsUpToShilling(priceUsdCents, kesPerUsd);
}
