import { type QueryValues, queryString } from '@/config/paths';

/**
 * The admins' user-management API addresses. They live with the feature rather than in
 * `config/paths.ts`, whose table is part of the home page's entry chunk: only the admins' Users page
 * needs them.
 */
export const usersApiPaths = {
  /** Users by `role`, `q` (name or email), `page`, `limit`. */
  list: (query: QueryValues = {}) => `/api/user${queryString(query)}`,
  role: (id: string) => `/api/user/${encodeURIComponent(id)}/role`,
  delete: (id: string) => `/api/user/${encodeURIComponent(id)}`,
} as const;
