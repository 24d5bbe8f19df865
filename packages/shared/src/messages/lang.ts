import type { Lang } from '../i18n';

/**
 * The language this build of the texts is in. The web app's Kiswahili build swaps every module of
 * `messages/` for its twin in `messages/sw/` (apps/web/vite.config.ts), this one included; the
 * server, which speaks both, passes the language where it matters.
 */
export const ACTIVE_LANG: Lang = 'en';
