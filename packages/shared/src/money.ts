import { INTL_LOCALE, type Lang } from './i18n';
import { ACTIVE_LANG } from './messages/lang';

/** Made once per language and style: building an Intl formatter costs far more than using one. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Lang, cents: boolean): Intl.NumberFormat {
  const key = `${lang}:${cents}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      INTL_LOCALE[lang],
      cents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * 45000 → 'Ksh 45,000'; 1250.5 → 'Ksh 1,250.50' (docs/architecture.md, Conventions: amounts read `Ksh 45,000`). Cents are
 * shown, always two of them, only when the amount has any.
 */
export function formatKsh(amount: number, lang: Lang = ACTIVE_LANG): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  return `Ksh ${numberFormat(lang, cents).format(amount)}`;
}

/** Rounds to whole cents so a price never carries float drift into storage or JSON. */
export function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
