import { INTL_LOCALE, LANG_COOKIE, type Lang, pathInLang } from '@sherehe/shared/i18n';
import { ACTIVE_LANG } from '@sherehe/shared/messages/lang';

/** The language of this build of the app (docs/decisions/017): its texts, formats and addresses. */
export const LANG: Lang = ACTIVE_LANG;

/** What `Intl` formats with in this build. */
export const INTL: string = INTL_LOCALE[LANG];

/** The router's base: '/sw' in the Kiswahili build, none in the English one. */
export const ROUTER_BASENAME: string | undefined =
  import.meta.env.BASE_URL === '/' ? undefined : import.meta.env.BASE_URL.replace(/\/$/, '');

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Keeps a language choice for the next visits (and for the API's messages, which read the same cookie). */
export function rememberLang(lang: Lang): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server too.
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** The current page's address (path, query and hash) in another language. */
export function currentPathIn(
  lang: Lang,
  location: { pathname: string; search: string; hash: string },
): string {
  return `${pathInLang(location.pathname, lang)}${location.search}${location.hash}`;
}
