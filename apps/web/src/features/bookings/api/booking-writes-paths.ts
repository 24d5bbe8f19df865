/**
 * Booking requests and status changes. They live with the feature rather than in `config/paths.ts`,
 * whose table is part of the home page's entry chunk: only lazy pages send them.
 */
export const bookingWritesApiPaths = {
  create: '/api/bookings/create',
  enquire: '/api/bookings/enquiries',
  update: (id: string) => `/api/bookings/${encodeURIComponent(id)}`,
  quote: (id: string) => `/api/bookings/${encodeURIComponent(id)}/quote`,
  quoteAnswer: (id: string, answer: 'accept' | 'decline') =>
    `/api/bookings/${encodeURIComponent(id)}/quote/${answer}`,
} as const;
