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
} as const;
