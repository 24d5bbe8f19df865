/**
 * The password reset and test email API addresses. They live with the feature rather than in `config/paths.ts`, whose table is part of the home
 * page's entry chunk: only this feature's lazy pages need them.
 */
export const accountsApiPaths = {
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  testEmail: '/api/auth/test-email',
} as const;
