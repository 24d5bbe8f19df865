/** Public contact details and social accounts shown in the footer and on the home page. */
export const site = {
  name: 'Sherehe',
  email: 'hello@sherehe.co.ke',
  phone: '+254 700 000 000',
  city: 'Nairobi, Kenya',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/sherehe' },
    { name: 'Instagram', href: 'https://www.instagram.com/sherehe' },
    { name: 'X (Twitter)', href: 'https://x.com/sherehe' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/sherehe' },
  ],
} as const;
