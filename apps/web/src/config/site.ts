/**
 * Public contact details and social accounts shown in the footer, on the home page and on /contact
 * (the office's city and hours, being words, are in contactMessages).
 */
export const site = {
  name: 'Sherehe',
  email: 'hello@sherehe.co.ke',
  phone: '+254 700 000 000',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/sherehe' },
    { name: 'Instagram', href: 'https://www.instagram.com/sherehe' },
    { name: 'X (Twitter)', href: 'https://x.com/sherehe' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/sherehe' },
  ],
} as const;
