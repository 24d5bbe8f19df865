// User-facing texts of one domain; the specification's quotes are copied word for word.

/** The profile's "Your data" card: taking a copy of one's data, and deleting the account. */
export const yourDataMessages = {
  title: 'Your data',
  intro: 'Take a copy of everything Sherehe keeps about you, or close your account for good.',
  download: 'Download my data',
  downloading: 'Preparing your file…',
  downloadFailed: 'Could not download your data. Please try again.',
  deleteAccount: 'Delete my account',
  deleteTitle: 'Delete your account?',
  deleteWhat: 'This is what happens:',
  deleteConsequences: [
    'Your account and your personal data are erased: your name, email address, phone number, profile, picture, packages and reviews.',
    'Payment records are kept, as the law requires.',
    'Open bookings are cancelled by the cancellation policy, with the refunds it gives.',
  ],
  deleteUndone: 'This cannot be undone.',
  password: 'Your password',
  passwordHint: 'Type your password again to confirm.',
  passwordRequired: 'Please enter your password.',
  confirmDelete: 'Delete my account',
  deleting: 'Deleting…',
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Could not delete your account. Please try again.',
  howWeKeep: 'How Sherehe keeps your data',
} as const;
