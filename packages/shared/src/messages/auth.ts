// User-facing texts of one domain; the specification's quotes are copied word for word.

export const authMessages = {
  loggedOut: 'Successfully logged out!',
  notLoggedIn: 'Please log in to continue.',
  login: 'Login',
  roleLabels: { client: 'Client', planner: 'Planner', admin: 'Admin' },
  loggedIn: 'Successfully logged in!',
  registered: 'Account created successfully!',
  creatingAccount: 'Creating account...',
  loggingIn: 'Logging in...',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  roleNotAllowed: 'You can sign up as a client or a planner.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  signUp: 'Sign Up',
  createAccountTitle: 'Create Account',
  creating: 'Creating...',
  forgotPassword: 'Forgot password?',
  role: 'Role',
  email: 'Email',
  passwordTooLong: (max: number) => `Password must be at most ${max} characters.`,
} as const;
