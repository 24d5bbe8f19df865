// User-facing texts of one domain: a planner's custom offer on a request, and its answers
// (docs/bookings-and-calendar.md, Quotes).

export const quotesMessages = {
  sent: 'Quote sent.',
  accepted: 'Quote accepted: your booking is confirmed.',
  declined: 'Quote declined.',
  onlyPlanner: 'Only the planner of this booking can send it a quote.',
  onlyClient: 'Only the client of this booking can answer its quote.',
  notPending: 'A quote can only be sent for a request that is still waiting for an answer.',
  noOffer: 'There is no offer waiting for an answer.',
  changed: 'The offer has just changed: look at it again before you answer.',
  expired: 'This offer has expired.',
  noDay: 'This offer names no day: ask the planner for a quote with a date.',
  dayPassed: "This offer's day has passed: ask the planner for a quote for another day.",
  dayNeeded: 'Choose the event date: this enquiry names none, and the offer books that day.',
  eventDate: 'Event date',
  pricePositive: 'The price must be more than Ksh 0.',
  expiresInDays: 'The offer must run for 1 to 14 days.',

  // The bookings page and the chat.
  send: 'Send a quote',
  dialogTitle: 'Send a quote',
  dialogIntro: 'A custom offer for this request. The client can accept or decline it until it expires.',
  price: 'Price (Ksh)',
  depositPercent: 'Deposit (%)',
  message: 'Message (optional)',
  expiresInDaysLabel: 'Expires in (days)',
  submit: 'Send quote',
  sending: 'Sending…',
  cancel: 'Cancel',
  sendFailed: 'The quote could not be sent.',
  cardTitle: 'Quote',
  priceLine: (price: string) => `Price: ${price}`,
  depositLine: (percent: number, amount: string) => `Deposit: ${percent}% (${amount})`,
  forDay: (day: string) => `For ${day}`,
  expiresOn: (when: string) => `Expires ${when}`,
  accept: 'Accept',
  decline: 'Decline',
  answering: 'Sending your answer…',
  answerFailed: 'Your answer could not be sent.',
  status: {
    offered: 'Waiting for an answer',
    accepted: 'Accepted',
    declined: 'Declined',
    expired: 'Expired',
  },

  // Mails.
  openBookings: 'Open your bookings',
  offeredSubject: (title: string) => `A quote for ${title}`,
  offeredText: (input: {
    planner: string;
    title: string;
    price: string;
    deposit: string;
    expires: string;
  }) => [
    `${input.planner} sent you a quote for "${input.title}": ${input.price}, with a deposit of ${input.deposit}.`,
    `Accept or decline it before ${input.expires}.`,
  ],
  theirMessage: (message: string) => `Their message: ${message}`,
  declinedSubject: (title: string) => `Quote declined: ${title}`,
  declinedText: (input: { client: string; title: string; price: string }) => [
    `${input.client} declined your quote of ${input.price} for "${input.title}". The request is still open.`,
  ],
  expiredSubject: (title: string) => `Quote expired: ${title}`,
  expiredText: (input: { title: string; price: string }) => [
    `The quote of ${input.price} for "${input.title}" expired without an answer. The request is still open.`,
  ],
} as const;
