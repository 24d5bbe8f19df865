import { type QueryValues, queryString } from '@/config/paths';

/**
 * The reviews' API addresses. They live with the feature rather than in `config/paths.ts`, whose
 * table is part of the home page's entry chunk: only lazily loaded pages show reviews.
 */
export const reviewsApiPaths = {
  create: '/api/reviews',
  ofPackage: (packageId: string) => `/api/reviews/${encodeURIComponent(packageId)}`,
  ofPlanner: (userId: string, query: QueryValues = {}) =>
    `/api/reviews/user/${encodeURIComponent(userId)}${queryString(query)}`,
  update: (id: string) => `/api/reviews/${encodeURIComponent(id)}`,
  delete: (id: string) => `/api/reviews/${encodeURIComponent(id)}`,
  reply: (id: string) => `/api/reviews/${encodeURIComponent(id)}/reply`,
} as const;
