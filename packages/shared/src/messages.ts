/**
 * User-facing texts. Where the specification quotes a text it is copied here word for word,
 * so server and web cannot drift apart.
 */
export const MESSAGES = {
  generic: {
    loginFailed: 'Login failed. Please check your credentials.',
    network: 'Network error. Please check your connection.',
    server: 'Server error. Please try again later.',
    invalidInput: 'Please check your input and try again.',
    forbidden: "You don't have permission to perform this action.",
    notFound: 'The requested resource was not found.',
    imageUploadFailed: 'Image upload failed. Please try again.',
    deleteFailed: 'Failed to delete. Please try again.',
    updateFailed: 'Failed to update. Please try again.',
    createFailed: 'Failed to create. Please try again.',
  },
  auth: {
    loggedIn: 'Successfully logged in!',
    loggedOut: 'Successfully logged out!',
    registered: 'Account created successfully!',
    creatingAccount: 'Creating account...',
    loggingIn: 'Logging in...',
    invalidCredentials: 'Invalid email or password.',
    emailTaken: 'An account with this email already exists.',
    notLoggedIn: 'Please log in to continue.',
    sessionExpired: 'Your session has expired. Please log in again.',
    roleNotAllowed: 'You can sign up as a client or a planner.',
    passwordTooShort: 'Password must be at least 8 characters long.',
  },
  plans: {
    loadFailed: 'Failed to load plans',
    loginToChange: 'Please log in to change your plan.',
    alreadyOnPlan: 'You are already on this plan.',
    updateFailed: 'Failed to update plan',
    notFound: 'Plan not found.',
    changed: (name: string) => `You are now on the ${name} plan.`,
  },
  packages: {
    noneYet: 'No packages available yet.',
    loadFailed: 'Failed to load packages. Please refresh the page.',
    notFound: 'Package not found.',
  },
  security: {
    badOrigin: 'This request came from an origin that is not allowed.',
    rateLimited: (seconds: number) =>
      `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  },
  routes: {
    unauthorizedTitle: 'Insufficient Permissions',
    unauthorizedText: (required: string, current: string) =>
      `You need ${required} permissions to access this page. Your current role is ${current}.`,
    notFoundTitle: 'Page not found',
  },
} as const;
