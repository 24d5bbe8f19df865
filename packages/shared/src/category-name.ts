import type { Lang } from './i18n';

/**
 * What a category is called in `lang`: its Kiswahili name on Kiswahili pages when it has one, else
 * its name. (No schema here: the home page's bundle takes it.)
 */
export function categoryName(category: { name: string; nameSw?: string | undefined }, lang: Lang): string {
  return lang === 'sw' && category.nameSw ? category.nameSw : category.name;
}
