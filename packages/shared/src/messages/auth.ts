// User-facing texts of one domain; the specification's quotes are copied word for word.

export const authMessages = {
  loggedIn: 'Successfully logged in!',
  loggedOut: 'Successfully logged out!',
  registered: 'Account created successfully!',
  creatingAccount: 'Creating account...',
  loggingIn: 'Logging in...',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  notLoggedIn: 'Please log in to continue.',
  roleNotAllowed: 'You can sign up as a client or a planner.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  signUp: 'Sign Up',
  login: 'Login',
  createAccountTitle: 'Create Account',
  creating: 'Creating...',
  forgotPassword: 'Forgot password?',
} as const;
