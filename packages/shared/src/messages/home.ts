// User-facing texts of one domain; the specification's quotes are copied word for word.

export const homeMessages = {
  getStarted: 'Get Started',
  explorePackages: 'Explore Packages',
  featuredTitle: 'Featured Event Packages',
  signUpFree: 'Sign Up Free',
  contactSupport: 'Contact Support',
} as const;
