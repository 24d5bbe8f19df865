/**
 * The cancellation policies a planner chooses per package (docs/money.md, Refunds): how many days
 * before the event a client who cancels gets everything back, or the balance with the deposit kept.
 * The policy in force is copied onto a booking when it is requested.
 */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/** Today's rule, and what every package and booking made before policies has. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'moderate';
