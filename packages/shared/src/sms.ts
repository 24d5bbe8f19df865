/**
 * Text messages as phones count them (docs/notifications.md#sms). A message written only in the GSM-7
 * alphabet fits 160 characters in one SMS; a character of its extension table (`€ [ ] { } \ ^ ~ |`)
 * takes two of them. Anything else (an emoji, a curly quote) switches the whole message to UCS-2,
 * 70 characters a part: the app's messages keep to GSM-7 and to one part.
 */

/** One SMS in GSM-7. */
export const SMS_MAX_CHARS = 160;

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

/**
 * How many GSM-7 characters `text` takes (an extension character counts as two), or `undefined`
 * when it has a character outside GSM-7.
 */
export function gsm7Length(text: string): number | undefined {
  let length = 0;
  for (const char of text) {
    if (BASIC.has(char)) length += 1;
    else if (EXTENSION.has(char)) length += 2;
    else return undefined;
  }
  return length;
}

/** Whether every character of `text` is in GSM-7 (its extension table included). */
export function isGsm7(text: string): boolean {
  return gsm7Length(text) !== undefined;
}

/** Whether `text` is one SMS: GSM-7 only, at most 160 characters as a phone counts them, not empty. */
export function fitsOneSms(text: string): boolean {
  const length = gsm7Length(text);
  return length !== undefined && length > 0 && length <= SMS_MAX_CHARS;
}

/**
 * Where one of our text messages stands: queued (its job not yet through), sent (Africa's Talking
 * took it), delivered (the phone got it, by the delivery report) or failed (refused, undelivered).
 */
export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];
