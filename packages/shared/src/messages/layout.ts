// User-facing texts of one domain; the specification's quotes are copied word for word.

/** The frame of every page: the top bar, the skip link and what shows while a page loads. */
export const layoutMessages = {
  mainNav: 'Main',
  menu: 'Menu',
  home: 'Home',
  packages: 'Packages',
  pricing: 'Pricing',
  dashboard: 'Dashboard',
  profile: 'Profile',
  logout: 'Logout',
  skipToContent: 'Skip to content',
  loading: 'Loading…',
  loadingPage: 'Loading page…',
  checkingSession: 'Checking your session…',
  /** The tab's title: a page's own title, or the site's. */
  documentTitle: (title: string) => `${title} · Sherehe`,
  siteTitle: 'Sherehe · Event planning in Kenya',
} as const;
