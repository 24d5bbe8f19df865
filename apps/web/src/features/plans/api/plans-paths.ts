/**
 * Changing plan. They live with the feature rather than in `config/paths.ts`, whose table is part of the home
 * page's entry chunk: only this feature's lazy pages need them.
 */
export const plansApiPaths = {
  change: '/api/user/plan',
} as const;
