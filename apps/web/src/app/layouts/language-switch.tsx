import { LANGS, type Lang } from '@sherehe/shared/i18n';
import { languageMessages } from '@sherehe/shared/messages/language';
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { currentPathIn, LANG, rememberLang } from '@/config/lang';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';

const NAMES: Record<Lang, string> = { en: languageMessages.english, sw: languageMessages.kiswahili };

/**
 * "English | Kiswahili" (docs/decisions/017). Each language is its own build at its own address,
 * so choosing one loads the same page there; the choice is kept in the `lang` cookie and, for a
 * signed-in user, in their profile (which also picks the language of their emails).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const location = useLocation();
  const { isLoggedIn } = useSession();

  async function choose(event: MouseEvent<HTMLAnchorElement>, lang: Lang) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (lang === LANG) return;
    const href = event.currentTarget.href;
    rememberLang(lang);
    // Best effort: the page changes language even if the profile could not be saved.
    if (isLoggedIn) await api.patch(apiPaths.user.profile, { locale: lang }).catch(() => undefined);
    window.location.assign(href);
  }

  return (
    <nav aria-label={languageMessages.label} className={cx('flex items-center text-sm', className)}>
      <ul className="flex items-center">
        {LANGS.map((lang, index) => (
          <li key={lang} className="flex items-center">
            {index > 0 ? (
              <span aria-hidden="true" className="px-1 text-stone-400">
                |
              </span>
            ) : null}
            <a
              href={currentPathIn(lang, location)}
              hrefLang={lang}
              lang={lang}
              aria-current={lang === LANG ? 'true' : undefined}
              onClick={(event) => void choose(event, lang)}
              className={cx(
                'inline-flex min-h-11 items-center rounded-lg px-2',
                lang === LANG
                  ? 'font-semibold text-stone-900'
                  : 'text-brand-700 underline hover:bg-stone-100',
              )}
            >
              {NAMES[lang]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
