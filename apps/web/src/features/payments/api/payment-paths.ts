import { type QueryValues, queryString } from '@/config/paths';

/**
 * The payments API's addresses. They live with the feature rather than in `config/paths.ts`, whose
 * table is part of the home page's entry chunk: only the dashboard's lazy chunks need these.
 */
export const paymentApiPaths = {
  /** POST: start paying a booking's deposit or balance. */
  start: '/api/payments',
  /** GET: the ways of paying offered now (none when payments are off). */
  methods: '/api/payments/methods',
  detail: (id: string) => `/api/payments/${encodeURIComponent(id)}`,
  /** Lists take `booking`, `status`, `method`, `from`, `to`, `page`, `limit`. */
  list: (query: QueryValues = {}) => `/api/payments${queryString(query)}`,
  /** POST (admins): ask the provider now about a pending payment. */
  check: (id: string) => `/api/payments/${encodeURIComponent(id)}/check`,
  /** A succeeded payment's printable receipt (a server page, opened with the session cookie). */
  receipt: (id: string) => `/api/payments/${encodeURIComponent(id)}/receipt`,
} as const;
