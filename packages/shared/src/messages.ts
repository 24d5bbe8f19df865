/**
 * User-facing texts. Where the specification quotes a text it is copied here word for word,
 * so server and web cannot drift apart.
 */

export const genericMessages = {
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
  tryAgain: 'Try Again',
  saving: 'Saving...',
} as const;

export const authMessages = {
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
  signUp: 'Sign Up',
  login: 'Login',
  createAccountTitle: 'Create Account',
  creating: 'Creating...',
  forgotPassword: 'Forgot password?',
} as const;

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
} as const;

export const packagesMessages = {
  noneYet: 'No packages available yet.',
  loadFailed: 'Failed to load packages. Please refresh the page.',
  notFound: 'Package not found.',
  viewAndBook: 'View & Book',
  seeAll: 'See All Packages',
  loadDetailsFailed: 'Failed to load package details',
  loadOneFailed: 'Failed to load package',
  created: 'Package created successfully!',
  updated: 'Package updated successfully!',
  deleted: 'Package deleted successfully!',
  notYours: 'You can only change your own packages.',
  limitReached: (max: number) =>
    `Your plan allows ${max} package${max === 1 ? '' : 's'}. Please upgrade your plan to publish more.`,
  imageRequired: 'Please choose an image for the package.',
  categoryMissing: 'Please choose an existing category.',
  book: 'Book',
  moreDetails: 'More Details',
  allCategories: 'All categories',
  uncategorized: 'Uncategorized',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  viewAll: (count: number) => `View all packages (${count})`,
  byPlanner: (name: string) => `Packages by ${name}`,
  noMatches: 'No packages match your search.',
  createPackage: 'Create Package',
  viewPricingPlans: 'View Pricing Plans',
} as const;

export const categoriesMessages = {
  loadFailed: 'Failed to load categories. Please refresh the page.',
  created: 'Category created successfully!',
  updated: 'Category updated successfully!',
  deleted: 'Category deleted successfully!',
  notFound: 'Category not found.',
  nameTaken: 'A category with this name already exists.',
  inUse: 'This category is used by packages. Move or delete them first.',
  accessDenied: 'Access Denied',
} as const;

export const imagesMessages = {
  uploaded: 'Image uploaded successfully!',
  pictureUpdated: 'Profile picture updated successfully!',
  selectFirst: 'Please select an image first',
  tooLarge: 'File size must be less than 5MB',
  notImage: 'Please upload an image file (JPEG, PNG, WebP, GIF or AVIF).',
  damaged: 'The image could not be read. It may be damaged or incomplete.',
  notMultipart: 'Send the form as multipart/form-data.',
  uploadFailed: 'Failed to upload image',
} as const;

export const profileMessages = {
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  notFound: 'Profile not found',
  loadFailed: 'Failed to load profile',
  notFoundTitle: 'Profile Not Found',
  uploadPicture: 'Upload Picture',
  saveChanges: 'Save Changes',
  viewPackages: 'View Packages',
  sendMessage: 'Send Message',
  professionalInfo: 'Professional Information',
  goBack: 'Go Back',
} as const;

export const homeMessages = {
  getStarted: 'Get Started',
  explorePackages: 'Explore Packages',
  featuredTitle: 'Featured Event Packages',
  signUpFree: 'Sign Up Free',
  contactSupport: 'Contact Support',
} as const;

export const dashboardMessages = {
  myBookings: 'My Bookings',
  manageBookings: 'Manage Bookings',
  myPackages: 'My Packages',
  allPackages: 'All Packages',
} as const;

export const bookingsMessages = {
  created: 'Booking request sent! The planner will reply soon.',
  onlyClients: 'Only clients or admins can book packages.',
  loginToBook: 'Please log in as a client or admin to book packages.',
  selectDate: 'Please select a date for your event.',
  pastDate: 'Please choose today or a later date for your event.',
  tooFar: 'Please choose a date within the next 3 years.',
  wrongPlanner: 'The planner does not match this package.',
  alreadyOpen: 'You already have an open booking for this package.',
  limitReached: "You have reached your plan's booking limit. Please upgrade your plan to book more events.",
  limitTitle: 'Booking Limit Reached',
  viewPricing: 'View Pricing Plans',
  notFound: 'Booking not found.',
  statusChanged: (status: string) => `Booking ${status}.`,
  illegalTransition: (from: string, to: string) => `A ${from} booking cannot be ${to}.`,
  loadFailed: 'Failed to load bookings. Please refresh the page.',
  cancelFailed: 'Failed to cancel booking',
  updateFailed: 'Failed to update booking status',
  bookFailed: 'Failed to book package',
  plannersOnlyList: 'Only planners and admins can manage bookings.',
  bookNow: 'Book Now',
  booking: 'Booking...',
  formTitle: 'Book this package',
  viewBookings: 'View my bookings',
  chatWithPlanner: 'Chat with Planner',
  packageDeleted: 'Package deleted',
  statusLabels: {
    pending: 'Pending',
    accepted: 'Accepted',
    rejected: 'Rejected',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  allStatuses: 'All',
  noneYet: 'No bookings yet.',
  noneWithStatus: (status: string) => `No ${status} bookings.`,
  noneWith: 'No bookings with this person yet.',
  chatOpensWithBooking: 'The chat with them opens once a booking exists.',
  confirmTitle: (action: string) => `${action} this booking?`,
  working: 'Working...',
} as const;

export const reviewsMessages = {
  created: 'Thank you for your review!',
  updated: 'Review updated.',
  deleted: 'Review deleted.',
  ratingRange: 'Please select a rating between 1 and 5 stars.',
  notEligible: 'You can review a package once your booking of it has been accepted.',
  alreadyReviewed: 'You have already reviewed this package.',
  notFound: 'Review not found.',
  notYours: 'You can only change your own review.',
  submitFailed: 'Failed to submit review',
  updateFailed: 'Failed to update review',
  deleteFailed: 'Failed to delete review',
  noneYet: 'No reviews yet.',
  showingOf: (shown: number, total: number) => `Showing ${shown} of ${total} reviews`,
  submit: 'Submit Review',
  submitting: 'Submitting...',
  editTitle: 'Edit your review',
  deleteTitle: 'Delete review',
  deleteConfirm: 'Delete this review? This cannot be undone.',
  deleting: 'Deleting...',
} as const;

export const analyticsMessages = {
  loadFailed: 'Failed to load analytics',
  upgrade: 'Analytics come with the Pro and Enterprise plans. Please upgrade your plan to see your numbers.',
  forbidden: 'Only planners and admins have analytics.',
  upgradeTitle: 'Analytics need a bigger plan',
} as const;

export const chatMessages = {
  notConnected: 'Not connected to chat server.',
  receiverUndefined:
    'Cannot send message: receiver is undefined. Please refresh the page or contact support.',
  newMessageFrom: (name: string) => `New message from ${name}`,
  newMessage: 'New message received',
  historyFailed: 'Failed to load the conversation. Please try again.',
  sendFailed: 'Message not sent.',
  sending: 'Sending...',
  noMessages: 'No messages yet. Say hello!',
  unread: (count: number) => `${count} unread message${count === 1 ? '' : 's'}`,
  openChat: 'Open chat',
  hideChat: 'Hide chat',
} as const;

export const resetMessages = {
  enterEmail: 'Please enter your email address',
  fillAll: 'Please fill in all fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters long.',
  requested: 'If an account exists for that email, a link to reset its password is on its way.',
  done: 'Your password has been reset. You can now log in.',
  invalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  checkEmail: 'Check Your Email',
  backToLogin: 'Back to Login',
  requestTitle: 'Reset Password',
  sendLink: 'Send Reset Link',
  sending: 'Sending...',
  tryAgain: "Didn't receive it? Try again",
  newPasswordTitle: 'Choose a New Password',
  resetButton: 'Reset Password',
  resetting: 'Resetting...',
  requestNewLink: 'Ask for a new link',
} as const;

export const testEmailMessages = {
  sent: 'Test email sent successfully! Check your inbox.',
  failedPrefix: 'Failed to send test email: ',
  errorPrefix: 'Error: ',
  sending: 'Sending...',
  button: 'Send Test Email',
  serverFailed: 'The mail server did not accept the message. Please try again later.',
  title: 'Send a Test Email',
  backToHome: 'Back to Home',
} as const;

export const contactMessages = {
  sent: 'Message sent successfully! We will get back to you soon.',
  sendFailed: 'Failed to send message.',
  adminsRefused: 'Admins are not allowed to send messages via this form.',
  loginRequired: 'Please log in to send us a message.',
  loadFailed: 'Failed to load messages.',
  sendButton: 'Send Message',
  sending: 'Sending...',
  noneYet: 'No messages yet.',
  priority: 'Priority',
} as const;

export const usersMessages = {
  loadFailed: 'Failed to load users.',
  deleteFailed: 'Failed to delete user.',
  roleFailed: 'Failed to update user role.',
  roleUpdated: (role: string) => `Role changed to ${role}.`,
  deleted: 'User deleted.',
  notFound: 'User not found.',
  notYourself: 'You cannot change or delete your own account here.',
  lastAdmin: 'There must always be at least one admin.',
  deleteWarning:
    'Deleting this user also deletes their packages, bookings and reviews. This cannot be undone.',
  you: 'You',
  noneFound: 'No users match your filters.',
} as const;

export const securityMessages = {
  badOrigin: 'This request came from an origin that is not allowed.',
  rateLimited: (seconds: number) =>
    `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;

export const routesMessages = {
  unauthorizedTitle: 'Insufficient Permissions',
  unauthorizedText: (required: string, current: string) =>
    `You need ${required} permissions to access this page. Your current role is ${current}.`,
  notFoundTitle: 'Page not found',
  accessDeniedTitle: 'Access Denied',
} as const;

/**
 * Every text by domain. The web app imports the domain objects above (`authMessages`…) so each page's
 * bundle carries only its own texts; the server may use this aggregate.
 */
export const MESSAGES = {
  generic: genericMessages,
  auth: authMessages,
  plans: plansMessages,
  packages: packagesMessages,
  categories: categoriesMessages,
  images: imagesMessages,
  profile: profileMessages,
  home: homeMessages,
  dashboard: dashboardMessages,
  bookings: bookingsMessages,
  reviews: reviewsMessages,
  analytics: analyticsMessages,
  reset: resetMessages,
  testEmail: testEmailMessages,
  contact: contactMessages,
  users: usersMessages,
  security: securityMessages,
  routes: routesMessages,
  chat: chatMessages,
} as const;
