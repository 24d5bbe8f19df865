import { z } from 'zod';
import { validationMessages } from '../messages/validation';
import { passwordSchema } from './auth';
import { emailSchema } from './common';

export const requestPasswordResetBodySchema = z.object({ email: emailSchema });
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: validationMessages.resetLinkIncomplete })
    .trim()
    .min(20, validationMessages.resetLinkIncomplete)
    .max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const testEmailBodySchema = z.object({ email: emailSchema });
export type TestEmailBody = z.infer<typeof testEmailBodySchema>;
