import { DEFAULT_LANG, isLang, LANG_COOKIE, type Lang, langFromAcceptLanguage } from '@sherehe/shared/i18n';

/** What the language of a request is read from (a Fastify request fits it). */
export interface LangSources {
  cookies?: Record<string, string | undefined>;
  headers: { 'accept-language'?: string | string[] | undefined };
  /** The signed-in user's own choice, if anyone is signed in. */
  userLocale?: Lang | undefined;
}

/**
 * The language a request is answered in (docs/languages.md#languages): the `lang` cookie when it names a language we
 * speak, else the signed-in user's `locale`, else Accept-Language, else English. A third-party client
 * that sends none of these keeps English.
 */
export function requestLang({ cookies, headers, userLocale }: LangSources): Lang {
  const cookie = cookies?.[LANG_COOKIE];
  if (isLang(cookie)) return cookie;
  if (isLang(userLocale)) return userLocale;
  const header = headers['accept-language'];
  return langFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header) ?? DEFAULT_LANG;
}
