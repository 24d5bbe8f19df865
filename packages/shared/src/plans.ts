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

/** '$0/mo' for a free plan, otherwise '$price/mo' (spec §2). */
export function formatPlanPrice(price: number): string {
  return `$${price}/mo`;
}

/** 'maxBookingsPerMonth' → 'Max Bookings Per Month' (spec §2: camel-case names split into words). */
export function humanizeFeatureName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_-]+/);
  return words
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The lines a plan card lists: truthy features only; booleans by their humanised name, other
 * values as 'name: value'. Unlimited (null) reads 'Unlimited', so it is listed too.
 */
export function describePlanFeatures(features: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(features)) {
    const label = humanizeFeatureName(name);
    if (value === true) lines.push(label);
    else if (value === null) lines.push(`${label}: Unlimited`);
    else if (value !== false && value !== undefined && value !== '' && value !== 0) {
      lines.push(`${label}: ${String(value)}`);
    }
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
