import type { Lang } from '../../i18n';

/** The Kiswahili build's twin of `../lang.ts`. */
export const ACTIVE_LANG: Lang = 'sw';
