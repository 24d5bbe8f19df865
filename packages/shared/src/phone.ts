import { z } from 'zod';
import { paymentsMessages } from './messages/payments';

/**
 * Kenyan mobile numbers, as M-Pesa and the database want them: `2547XXXXXXXX` or `2541XXXXXXXX`
 * (docs/money.md#phone-numbers). People write them as `0712 345 678`, `0712-345-678`,
 * `+254 712 345 678`, `254712345678`, `0110 123 456`…: those are accepted; anything else is refused
 * rather than guessed at, since a wrong guess sends a PIN prompt to a stranger's phone.
 */
const SEPARATORS = /[\s\u00a0.\-()]/g;
const LOCAL = /^0([17]\d{8})$/;
const INTERNATIONAL = /^\+?254([17]\d{8})$/;

/** `0712 345 678` → `254712345678`; `undefined` when it is not a Kenyan mobile number. */
export function normaliseKenyanPhone(input: string): string | undefined {
  const compact = input.trim().replace(SEPARATORS, '');
  const match = LOCAL.exec(compact) ?? INTERNATIONAL.exec(compact);
  return match ? `254${match[1]}` : undefined;
}

/** `254712345678` → `0712 345 678`, as Kenyans read a number (and a form is pre-filled). */
export function formatKenyanPhone(normalised: string): string {
  const match = /^254(\d{3})(\d{3})(\d{3})$/.exec(normalised);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : normalised;
}

/**
 * A Kenyan mobile number in any usual writing, normalised, refused with the texts given (empty:
 * `required`; anything else that is not one: `invalid`).
 */
export function kenyanPhoneSchemaWith(texts: { required: string; invalid: string }) {
  return z
    .string({ error: texts.required })
    .max(40, texts.invalid)
    .transform((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: texts.required });
        return z.NEVER;
      }
      const phone = normaliseKenyanPhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: texts.invalid });
        return z.NEVER;
      }
      return phone;
    });
}

/** A Kenyan mobile number in any usual writing, normalised; for the server's requests and the web's forms. */
export const kenyanPhoneSchema = kenyanPhoneSchemaWith({
  required: paymentsMessages.phoneRequired,
  invalid: paymentsMessages.phoneInvalid,
});
