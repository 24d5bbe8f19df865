/**
 * The analytics API address. It lives with the feature rather than in `config/paths.ts`, whose table
 * is part of the home page's entry chunk: only the Analytics page needs it.
 */
export const analyticsApiPaths = { overview: '/api/analytics/overview' } as const;
