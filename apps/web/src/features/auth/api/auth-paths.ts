/**
 * The sign-up and login API addresses (the session checks stay in the entry). They live with the feature rather than in `config/paths.ts`, whose table is part of the home
 * page's entry chunk: only this feature's lazy pages need them.
 */
export const authApiPaths = {
  register: '/api/auth/register',
  login: '/api/auth/login',
} as const;
