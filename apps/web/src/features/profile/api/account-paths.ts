/**
 * The own account's addresses. They live with the feature rather than in `config/paths.ts`, whose
 * table is part of the home page's entry chunk: only the profile pages need them.
 */
export const accountApiPaths = {
  /** The signed-in user's own account: DELETE with `{ password }` closes it. */
  me: '/api/user/me',
  /** Everything kept about the signed-in user, as a JSON file to save. */
  export: '/api/user/me/export',
  profilePicture: '/api/user/profile-picture',
  /** The verified phone SMS notices go to: GET it, DELETE it; a code is sent and checked below it. */
  smsPhone: '/api/user/phone',
  smsPhoneStart: '/api/user/phone/verify/start',
  smsPhoneVerify: '/api/user/phone/verify',
  publicProfile: (userId: string) => `/api/user/profile/${encodeURIComponent(userId)}`,
} as const;
