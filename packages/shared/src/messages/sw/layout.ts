import type { Translation } from '../../i18n';
import type { layoutMessages as en } from '../layout';

/** The frame of every page: the top bar, the skip link and what shows while a page loads. */
export const layoutMessages = {
  mainNav: 'Kuu',
  menu: 'Menyu',
  home: 'Mwanzo',
  packages: 'Vifurushi',
  pricing: 'Bei',
  dashboard: 'Dashibodi',
  profile: 'Wasifu',
  logout: 'Toka',
  skipToContent: 'Ruka hadi maudhui',
  loading: 'Inapakia…',
  loadingPage: 'Inapakia ukurasa…',
  checkingSession: 'Tunathibitisha kipindi chako…',
  /** The tab's title: a page's own title, or the site's. */
  documentTitle: (title) => `${title} · Sherehe`,
  siteTitle: 'Sherehe · Kupanga hafla nchini Kenya',
} as const satisfies Translation<typeof en>;
