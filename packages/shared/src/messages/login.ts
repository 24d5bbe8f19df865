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
  privacyLink: 'Privacy notice',
} as const;
