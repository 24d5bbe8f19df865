// User-facing texts of one domain; the specification's quotes are copied word for word.

/** The site footer's texts: a module of their own, as the footer loads after the page it is on. */
export const footerMessages = {
  tagline: "Kenya's marketplace for event planners and the people who need them.",
  nav: 'Footer',
  explore: 'Explore',
  contact: 'Contact',
  followUs: 'Follow us',
  terms: 'Terms',
  privacy: 'Privacy',
  rights: (year: number, name: string) => `© ${year} ${name}. All rights reserved.`,
} as const;
