// User-facing texts of one domain; the specification's quotes are copied word for word.

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
