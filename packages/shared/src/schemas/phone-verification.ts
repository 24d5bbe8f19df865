import { z } from 'zod';
import { phoneVerificationMessages } from '../messages/phone-verification';
import { kenyanPhoneSchemaWith } from '../phone';
import { successMessageWith, successWith } from './common';

/** A Kenyan mobile number in any usual writing, normalised to `2547XXXXXXXX` or `2541XXXXXXXX`. */
const smsPhoneSchema = kenyanPhoneSchemaWith({
  required: phoneVerificationMessages.phoneRequired,
  invalid: phoneVerificationMessages.phoneInvalid,
});

/** `POST /api/user/phone/verify/start`: the number to send a code to. */
export const startPhoneVerificationBodySchema = z.object({ phone: smsPhoneSchema });
export type StartPhoneVerificationBody = z.input<typeof startPhoneVerificationBodySchema>;

/** `POST /api/user/phone/verify`: the 6 digits received (spaces around them are forgiven). */
export const verifyPhoneBodySchema = z.object({
  code: z
    .string({ error: phoneVerificationMessages.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, phoneVerificationMessages.codeInvalid),
});
export type VerifyPhoneBody = z.input<typeof verifyPhoneBodySchema>;

/** The account's number for SMS: null until one is verified; `stopped` when it replied STOP. */
export const smsPhoneStateSchema = z
  .object({
    phone: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    stopped: z.boolean(),
  })
  .meta({ id: 'SmsPhone' });
export type SmsPhoneState = z.infer<typeof smsPhoneStateSchema>;

export const smsPhoneResponseSchema = successWith({ smsPhone: smsPhoneStateSchema });
export type SmsPhoneResponse = z.infer<typeof smsPhoneResponseSchema>;

export const smsPhoneMessageResponseSchema = successMessageWith({ smsPhone: smsPhoneStateSchema });
export type SmsPhoneMessageResponse = z.infer<typeof smsPhoneMessageResponseSchema>;

/** The code is on its way: when it stops working. */
export const phoneCodeSentResponseSchema = successMessageWith({ phone: z.string(), expiresAt: z.string() });
export type PhoneCodeSentResponse = z.infer<typeof phoneCodeSentResponseSchema>;
