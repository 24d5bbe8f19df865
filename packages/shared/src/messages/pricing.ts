// User-facing texts of one domain; the specification's quotes are copied word for word.

/** The pricing page's own words: apart from plansMessages, which the home page's plan cards load. */
export const pricingMessages = {
  title: 'Plans and pricing',
  intro:
    'Start free and move up as your events grow. Your plan sets how many bookings you can make each month and how many packages you can list. Change it at any time.',
} as const;
