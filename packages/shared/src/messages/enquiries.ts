// User-facing texts of one domain: enquiries, a client's question to a planner before booking.

export const enquiriesMessages = {
  sent: 'Your enquiry was sent. The planner will answer in the chat.',
  /** An enquiry's title where it names no package (asked from the planner's profile). */
  titleTo: (planner: string) => `Enquiry to ${planner}`,
  label: 'Enquiry',
  dateToBeAgreed: 'Date to be agreed',
  onlyClients: 'Only clients can send enquiries.',
  plannerNotFound: 'Planner not found.',
  notAPlanner: 'Enquiries go to planners only.',
  messageRequired: 'Please write a message for the planner.',
  guestsInvalid: 'Guests must be a whole number from 1 to 100,000.',
  budgetInvalid: 'The budget must be a sum in Ksh of 0 or more, with at most two decimals.',
  dailyLimit: (max: number) =>
    `You have sent ${max} enquiries today, the most in one day. Please try again tomorrow.`,
  alreadyOpen: 'You already have an open enquiry or booking for this package: continue in its chat.',
  acceptNeedsDay:
    'This enquiry names no day, so it cannot be accepted as it is: answer it with a quote that names the day.',
  acceptWithQuote:
    'An enquiry is not accepted as it is: answer it with a quote, and it becomes a booking when the client accepts.',
  noCalendarEvent: 'This enquiry has no day yet, so it has no calendar event.',
  yourEnquiryFor: <T>(day: T) => ['Your enquiry for ', day, ' '] as const,
  // The form.
  askForQuote: 'Ask for a quote',
  formTitle: (planner: string) => `Ask ${planner}`,
  formIntro: 'Tell the planner about your event. The day is optional: you can agree on it later.',
  dateLabel: 'Event date (optional)',
  guestsLabel: 'Guests (optional)',
  budgetLabel: 'Budget in Ksh (optional)',
  messageLabel: 'Your message',
  submit: 'Send enquiry',
  submitting: 'Sending…',
  cancel: 'Cancel',
  failed: 'Failed to send the enquiry',
  signInFirst: 'Please sign in to send an enquiry.',
  guestsShown: (guests: number) => `${guests} guests`,
  budgetShown: (budget: string) => `Budget: ${budget}`,
} as const;
