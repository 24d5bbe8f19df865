// User-facing texts of one domain; the specification's quotes are copied word for word.

import { describePlanFeatures, formatPlanPrice } from '../plans';

export const plansMessages = {
  loadFailed: 'Failed to load plans',
  loginToChange: 'Please log in to change your plan.',
  alreadyOnPlan: 'You are already on this plan.',
  updateFailed: 'Failed to update plan',
  notFound: 'Plan not found.',
  changed: (name: string) => `You are now on the ${name} plan.`,
  loading: 'Loading plans...',
  currentPlan: 'Current Plan',
  choose: (name: string) => `Choose ${name}`,
  /** A plan's name as shown: English shows the name itself. */
  planName: (name: string) => name,
  /** '$10/mo'. */
  price: formatPlanPrice,
  /** The lines a plan card lists ('Max Bookings Per Month: 3', 'Analytics'). */
  features: describePlanFeatures,
} as const;
