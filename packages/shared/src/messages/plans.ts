// User-facing texts of one domain; the specification's quotes are copied word for word.

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
  /** A plan's price a month, in dollars: '$10/mo'. */
  price: (usd: number) => `$${usd}/mo`,
  /** Each plan feature's name on a plan card (the feature's camel-case name split into words). */
  featureNames: {
    maxBookingsPerMonth: 'Max Bookings Per Month',
    maxPackages: 'Max Packages',
    analytics: 'Analytics',
    featuredListing: 'Featured Listing',
    prioritySupport: 'Priority Support',
  },
  /** A limit that is not there: 'Max Packages: Unlimited'. */
  unlimited: 'Unlimited',
} as const;
