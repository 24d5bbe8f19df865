import { z } from 'zod';
import { authMessages } from '../messages';
import { validationMessages } from '../messages/validation';
import { SIGNUP_ROLES } from '../roles';
import { emailSchema, requiredText, successMessageWith, successWith } from './common';
import { localeSchema, userSchema } from './users';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const passwordSchema = z
  .string({ error: validationMessages.passwordRequired })
  .min(1, validationMessages.passwordRequired)
  .min(PASSWORD_MIN, authMessages.passwordTooShort)
  .max(PASSWORD_MAX, authMessages.passwordTooLong(PASSWORD_MAX));

export const registerBodySchema = z.object({
  username: requiredText(validationMessages.labels.fullName, 80),
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(SIGNUP_ROLES, { error: authMessages.roleNotAllowed }),
  /** Optional: without it the account takes the language of the request (docs/languages.md#languages). */
  locale: localeSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: validationMessages.passwordRequired })
    .min(1, validationMessages.passwordRequired)
    .max(PASSWORD_MAX, authMessages.passwordTooLong(PASSWORD_MAX)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authResponseSchema = successMessageWith({
  token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * A guest gets `success: false` with a 200, not a 401: asking whether one is logged in is not an
 * error, and a 401 on every guest page load would fill the browser console.
 */
export const isAuthResponseSchema = z.union([
  successWith({ user: userSchema }),
  z.object({ success: z.literal(false), message: z.string(), user: z.null() }),
]);
export type IsAuthResponse = z.infer<typeof isAuthResponseSchema>;
