import type { Translation } from '../../i18n';
import type { languageMessages as en } from '../language';

export const languageMessages = {
  label: 'Lugha',
  english: 'English',
  kiswahili: 'Kiswahili',
} as const satisfies Translation<typeof en>;
