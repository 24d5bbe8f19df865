// User-facing texts of one domain; the specification's quotes are copied word for word.

/** The sign-up and login page's own words (authMessages, which every page loads, has the rest). */
export const loginMessages = {
  signUpIntro: 'Join Sherehe to book planners or offer your packages.',
  loginIntro: 'Welcome back. Log in to your account.',
  haveAccount: 'Already have an account?',
  noAccount: "Don't have an account?",
  fullName: 'Full Name',
  password: 'Password',
  passwordHint: (min: number) => `At least ${min} characters.`,
  /** The sign-up form's consent line: the links' texts go where `terms` and `privacy` are. */
  acceptTerms: <T>(terms: T, privacy: T) =>
    ['By creating an account you accept the ', terms, ' and the ', privacy, '.'] as const,
  termsLink: 'Terms',
  /** Above the form when the page was opened on the way somewhere (a guarded page, Book Now). */
  continueNote: "Log in or create an account to continue; you'll come back to where you were.",
  /** A signed-in person who opens the login page is sent on; the link, should that take a moment. */
  signedInContinue: "You're signed in. Continue",
  privacyLink: 'Privacy notice',
} as const;
