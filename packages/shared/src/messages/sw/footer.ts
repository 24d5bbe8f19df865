import type { Translation } from '../../i18n';
import type { footerMessages as en } from '../footer';

/** The site footer's texts. */
export const footerMessages = {
  tagline: 'Soko la Kenya la waratibu wa hafla na watu wanaowahitaji.',
  nav: 'Chini ya ukurasa',
  explore: 'Gundua',
  contact: 'Mawasiliano',
  followUs: 'Tufuatilie',
  terms: 'Masharti',
  privacy: 'Faragha',
  rights: (year, name) => `© ${year} ${name}. Haki zote zimehifadhiwa.`,
} as const satisfies Translation<typeof en>;
