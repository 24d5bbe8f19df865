/**
 * The product's two languages (docs/decisions/017). English is the default and keeps the
 * specification's wording; Kiswahili has a dictionary for every English one (`messages/sw/…`).
 */

export const LANGS = ['en', 'sw'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** What `Intl` is given for each language: dates, numbers and plurals as written in Kenya. */
export const INTL_LOCALE: Record<Lang, string> = { en: 'en-KE', sw: 'sw-KE' };

/** The cookie that keeps a visitor's choice; a signed-in user's choice is also their `locale`. */
export const LANG_COOKIE = 'lang';

/** Kiswahili pages live under this prefix (`/sw/packages`); English ones have none. */
export const SW_PREFIX = '/sw';

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'sw';
}

/**
 * The first language of an Accept-Language header that the product speaks, by the header's
 * weights ('sw-KE,sw;q=0.9,en;q=0.8' → 'sw'); undefined when it names neither.
 */
export function langFromAcceptLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isLang);
}

/** A page's address in a language: ('/packages', 'sw') → '/sw/packages'; ('/sw/packages', 'en') → '/packages'. */
export function pathInLang(path: string, lang: Lang): string {
  const bare = stripLangPrefix(path);
  if (lang === 'en') return bare;
  return bare === '/' ? SW_PREFIX : `${SW_PREFIX}${bare}`;
}

/** The language an address is in, by its prefix. */
export function langOfPath(path: string): Lang {
  return path === SW_PREFIX || path.startsWith(`${SW_PREFIX}/`) || path.startsWith(`${SW_PREFIX}?`)
    ? 'sw'
    : 'en';
}

/** '/sw/packages?q=x' → '/packages?q=x'; '/sw' → '/'. */
export function stripLangPrefix(path: string): string {
  if (langOfPath(path) !== 'sw') return path;
  const rest = path.slice(SW_PREFIX.length);
  return rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
}

/**
 * The shape a translation of a dictionary must have: every key of the English one (the compiler
 * refuses a missing key), texts as any string, text functions with the same parameters.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Translation<R>
    : T extends readonly unknown[]
      ? { readonly [K in keyof T]: Translation<T[K]> }
      : T extends object
        ? { readonly [K in keyof T]: Translation<T[K]> }
        : T;
