// User-facing texts of one domain; the specification's quotes are copied word for word.

export const genericMessages = {
  network: 'Network error. Please check your connection.',
  server: 'Server error. Please try again later.',
  invalidInput: 'Please check your input and try again.',
  forbidden: "You don't have permission to perform this action.",
  notFound: 'The requested resource was not found.',
  deleteFailed: 'Failed to delete. Please try again.',
  updateFailed: 'Failed to update. Please try again.',
  createFailed: 'Failed to create. Please try again.',
} as const;
