/**
 * Every Kiswahili text by domain, the twin of `MESSAGES` (./messages.ts) for the server, which speaks
 * both languages: API messages (apps/server/src/plugins/lang.ts), emails and printed receipts.
 */

import type { Lang, Translation } from './i18n';
import { MESSAGES } from './messages';
import { genericMessages } from './messages/sw/generic';
import { mailMessages } from './messages/sw/mail';

/** The texts of every domain in some language: English's shape, any wording. */
export type Messages = { [K in keyof typeof MESSAGES]: Translation<(typeof MESSAGES)[K]> };

export const MESSAGES_SW: Partial<Messages> = {
  generic: genericMessages,
  mail: mailMessages,
};

const SWAHILI: Messages = { ...MESSAGES, ...MESSAGES_SW };

/** The texts in a language; a domain not yet translated falls back to English. */
export function messagesIn(lang: Lang): Messages {
  return lang === 'sw' ? SWAHILI : MESSAGES;
}
