import { type QueryValues, queryString } from '@/config/paths';

/**
 * The background jobs' API addresses (admins). They live with the feature rather than in
 * `config/paths.ts`, whose table is part of the home page's entry chunk: only the admins' Jobs page
 * needs them. Lists take `status`, `page`, `limit`.
 */
export const jobsApiPaths = {
  list: (query: QueryValues = {}) => `/api/admin/jobs${queryString(query)}`,
  retry: (id: string) => `/api/admin/jobs/${encodeURIComponent(id)}/retry`,
} as const;
