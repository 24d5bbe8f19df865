import { type QueryValues, queryString } from '@/config/paths';

/**
 * The contact messages API's addresses. They live with the feature rather than in `config/paths.ts`,
 * whose table is part of the home page's entry chunk: only the contact page and the admins' Messages
 * page need these.
 */
export const contactApiPaths = {
  /** POST: anyone logged in but admins writes to the team. */
  create: '/api/messages',
  /** GET (admins): `page`, `limit`, `state` (unhandled or handled). */
  list: (query: QueryValues = {}) => `/api/messages${queryString(query)}`,
  /** PATCH (admins): `{handled: true}`. */
  handle: (id: string) => `/api/messages/${encodeURIComponent(id)}`,
  /** POST (admins): `{message}`, mailed to the sender. */
  answer: (id: string) => `/api/messages/${encodeURIComponent(id)}/answer`,
} as const;
